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

/** The best share of one example's key weight the query matches; examples are the key groups from `start` (a -1). */
export function exampleCoverage(
  keys: readonly number[],
  start: number,
  matched: ReadonlyMap<number, number>,
  weightOf: (termId: number) => number,
): number {
  let best = 0;
  let total = 0;
  let hit = 0;
  for (let at = start + 1; at <= keys.length; at++) {
    const key = at < keys.length ? keys[at]! : -1;
    if (key < 0) {
      if (total > 0) best = Math.max(best, hit / total);
      total = 0;
      hit = 0;
      continue;
    }
    const weight = weightOf(key);
    total += weight;
    hit += weight * (matched.get(key) ?? 0);
  }
  return Math.min(1, best);
}
