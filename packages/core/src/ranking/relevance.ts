/** The parts of a relevance score, each in [0, 1]. */
export interface Components {
  /** IDF-weighted share of the query's terms the document matches (weak fields give partial credit). */
  readonly query: number;
  /** IDF-weighted share of the terms of the action's name (or of its best-matched example) that the query contains. */
  readonly name: number;
  /** Same for the terms of its title and description not in its name. */
  readonly about: number;
}

/** How much each part weighs in the relevance. */
export type RelevanceWeights = Components;

/** Default weights: see docs/ranking.md for how they were chosen (on half of BFCL, checked on the other half). */
export const DEFAULT_RELEVANCE_WEIGHTS: RelevanceWeights = { query: 1, name: 3, about: 2 };

/**
 * One relevance from the parts: a weighted mean of how much of the query the action answers, how much of its name
 * the query asks for and how much of its description. A many-part query still finds each part's action through
 * the last two, and an action sharing only a generic word with the query stays low.
 */
export function relevanceOf(
  query: number,
  name: number,
  about: number,
  weights: RelevanceWeights = DEFAULT_RELEVANCE_WEIGHTS,
): number {
  return (
    (weights.query * query + weights.name * name + weights.about * about) /
    (weights.query + weights.name + weights.about)
  );
}
