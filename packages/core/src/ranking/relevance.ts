/** The parts of a relevance score, each in [0, 1]. */
export interface Components {
  /** IDF-weighted share of the query's terms the document matches (weak fields give partial credit). */
  readonly query: number;
  /** IDF-weighted share of the terms of the action's name (or of its best-matched example) that the query contains. */
  readonly name: number;
  /** Same for the terms of its title and description not in its name. */
  readonly about: number;
}

/**
 * One relevance from the parts: a weighted mean of how much of the query the action answers (2), how much of its
 * name the query asks for (2) and how much of its description (1). A many-part query still finds each part's
 * action through the last two, and an action sharing only a generic word with the query stays low.
 */
export function relevanceOf(query: number, name: number, about: number): number {
  return (2 * query + 2 * name + about) / 5;
}
