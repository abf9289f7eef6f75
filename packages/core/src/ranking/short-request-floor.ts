import { queryTerms } from './query-terms.js';

/**
 * Requests of at most this many content words keep at least their lexical relevance in the word-vector ranker:
 * chosen on the short-request tuning set and the BFCL tuning half, see docs/ranking.md.
 */
export const DEFAULT_SHORT_REQUEST_WORDS = 3;

/** How many content words a request says: 1 for each distinct one, a light word ("make", "show") less. */
export function requestWords(query: string): number {
  let words = 0;
  for (const term of queryTerms(query)) words += term.weight;
  return words;
}

/**
 * The relevance the threshold is compared with. A short request can say only a few of an action's words, so the
 * soft coverage of the action's text stays near 0 and the fusion would judge it by half its lexical evidence; and
 * it rarely holds the values the action's parameters need (they come from what is selected or open). So a request
 * of at most `shortWords` content words is judged at least as the lexical ranker judges it.
 */
export function flooredRelevance(fused: number, lexical: number, words: number, shortWords: number): number {
  return words <= shortWords ? Math.max(fused, lexical) : fused;
}
