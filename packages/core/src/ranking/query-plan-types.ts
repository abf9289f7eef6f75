import type { QueryGroup } from './term-index.js';

/** What a query asks of the index. */
export interface QueryPlan {
  /** One group per query term found in the index: the term and its stand-ins. */
  readonly groups: readonly QueryGroup[];
  /** Sum of the weights of all query terms, found or not: what a document matching everything would score. */
  readonly total: number;
  /** Each indexed term the query matches, with the share of a match it is worth. */
  readonly matched: ReadonlyMap<number, number>;
  /**
   * The groups that stand for a request word only through its synonyms: the group's index and how many of its first
   * members are synonyms (completions may follow).
   */
  readonly bySynonym: ReadonlyArray<SynonymGroup>;
  /** `total` with each word found only through synonyms counted as a word the registry does not use. */
  readonly ownTotal: number;
}

/** A query group made of a word's synonyms (`QueryPlan.bySynonym`). */
export interface SynonymGroup {
  readonly group: number;
  readonly synonyms: number;
}
