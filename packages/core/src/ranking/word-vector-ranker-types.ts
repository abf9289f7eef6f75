import type { Grounding, GroundingWeights } from './grounding.js';
import type { LexicalRanker } from './lexical-ranker.js';
import type { LexicalFloorOptions } from './short-request-floor.js';
import type { RankedMatch, Ranker, RankHit } from './types.js';
import type { WordVectors } from './word-vectors.js';
import type { Synonyms } from './wordnet-synonyms.js';

/** Options of `createWordVectorRanker`. */
export interface WordVectorRankerOptions extends LexicalFloorOptions {
  /** The word vectors; in Node, `loadWordVectors()` from `@affordance/node` reads a packaged set. */
  readonly vectors: WordVectors;
  /**
   * The lexical ranker fused with the soft match (default: a new `createLexicalRanker({ synonyms, bySentence })`);
   * `match` with a limit answers from one `rankExplained` pass of it, with `match`'s plan.
   */
  readonly lexical?: LexicalRanker;
  /** Synonyms for the default lexical ranker (see `createLexicalRanker`; a TypeError beside `lexical`). */
  readonly synonyms?: Synonyms;
  /**
   * For the default lexical ranker (a TypeError beside `lexical`): `match` places a request of several sentences by its
   * sentences, each ranked on its own (default true). `false` ranks it in one pass: about half the time of a multi-step
   * task at 10,000 actions, and less recall (Seal-Tools R@10 0.976 → 0.960; docs/ranking.md, "Local word vectors").
   */
  readonly bySentence?: boolean;
  /** Share of the soft match in the fused relevance (default 0.5); the order stays lexical. */
  readonly weight?: number;
  /** Word similarity counted as no match at all; above it, credit grows linearly to 1 (default 0.4). */
  readonly floor?: number;
  /** Soft coverages mapped to 0 and to 1 (default 0.4 and 1). */
  readonly coverage?: { readonly low: number; readonly high: number };
  /** Fused relevance below this leaves a document out (default 0.3). */
  readonly threshold?: number;
  /**
   * Argument grounding: how the fused relevance follows the request's means to fill the action's required
   * parameters (default penalty 1, boost 1; `false` off). See docs/ranking.md.
   */
  readonly grounding?: GroundingWeights | false;
  /**
   * Past this many documents, only this many best lexical ones and the `nearest` by mean vector are soft-matched
   * (default 64); a smaller registry soft-matches every document.
   */
  readonly candidates?: number;
  /** How many nearest by mean vector a registry past `candidates` soft-matches besides the best lexical ones (default 16). */
  readonly nearest?: number;
}

/** A candidate's order, its fused relevance (what the threshold is compared with) and the relevance's parts. */
export interface WordVectorExplained extends RankHit {
  readonly relevance: number;
  /** The lexical relevance. */
  readonly lexical: number;
  /** The soft coverage of the action's words, mapped to [0, 1]. */
  readonly soft: number;
  /** How far the request fills the action's required parameters (with grounding on). */
  readonly grounding?: Grounding;
}

/** A ranker that fuses lexical relevance with a soft, word-vector match of the action's words. */
export interface WordVectorRanker extends Ranker {
  /** The lexical ranker's matches in its order, then those found only in other words; each flagged as `search` judges it. */
  match(query: string, options?: { readonly limit?: number }): RankedMatch[];
  /** The best relevant documents, best first. */
  rank(query: string, options?: { readonly limit?: number }): RankHit[];
  /** Every candidate (all documents of a small registry), with its relevance and the parts of it, unfiltered. */
  explain(query: string): WordVectorExplained[];
}
