/**
 * The actions' examples word for word, for requests made only of words too common to weigh ("What is this?"):
 * such a request has no term to rank by, yet an action that gives it as an example names it.
 */
export interface VerbatimExamples {
  add(id: string, examples: readonly string[]): void;
  remove(id: string): void;
  /** The ids whose examples say exactly this request (case, punctuation and spacing aside). */
  find(query: string): readonly string[];
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .join(' ');

/** A table of every action's examples, normalised. */
export function createVerbatimExamples(): VerbatimExamples {
  const byText = new Map<string, string[]>();
  const byId = new Map<string, string[]>();
  return {
    add(id, examples) {
      const texts = [...new Set(examples.map(normalize))].filter((text) => text !== '');
      byId.set(id, texts);
      for (const text of texts) byText.set(text, [...(byText.get(text) ?? []), id]);
    },
    remove(id) {
      for (const text of byId.get(id) ?? []) {
        const left = (byText.get(text) ?? []).filter((other) => other !== id);
        if (left.length > 0) byText.set(text, left);
        else byText.delete(text);
      }
      byId.delete(id);
    },
    find(query) {
      return byText.get(normalize(query)) ?? [];
    },
  };
}
