declare module 'wink-bm25-text-search' {
  interface WinkEngine {
    defineConfig(config: {
      fldWeights: Record<string, number>;
      bm25Params?: { k1?: number; b?: number; k?: number };
    }): boolean;
    definePrepTasks(tasks: Array<(input: string) => string[]>, field?: string): number;
    addDoc(document: Record<string, string>, id: string): number;
    consolidate(fp?: number): boolean;
    search(text: string, limit?: number): Array<[string, number]>;
  }
  const bm25: () => WinkEngine;
  export default bm25;
}
