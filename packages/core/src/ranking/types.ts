export type { RankDocument, RankedMatch, Ranker, RankHit, RankParameter } from '../registry/ranker.js';

/** Port: turns texts into embedding vectors, one per text, in order. */
export interface Embedder {
  embed(texts: readonly string[], options?: { readonly signal?: AbortSignal }): Promise<number[][]>;
}
