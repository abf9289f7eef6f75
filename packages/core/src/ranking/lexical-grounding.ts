import {
  type GroundingWeights,
  groundedRelevance,
  groundingOf,
  type RequiredValues,
  requestValues,
  requiredValuesOf,
} from './grounding.js';
import type { TermIndex } from './term-index.js';
import type { RankDocument } from './types.js';

/** Argument grounding over a lexical ranker's term index: the required parameters of its documents, per query. */
export interface LexicalGrounding {
  add(document: RankDocument): void;
  remove(id: string): void;
  /** For one query: the grounding factor of a document by slot (1 when it requires nothing). */
  forQuery(query: string): (slot: number) => number;
}

/**
 * Keep the required parameters of the indexed documents that have some; a document's own words, for its spare-word
 * count, are its key terms of name and description, read from the index only when a text parameter needs them.
 */
export function createLexicalGrounding(index: TermIndex, weights: GroundingWeights): LexicalGrounding {
  const requiredById = new Map<string, RequiredValues>();
  return {
    add(document) {
      const required = requiredValuesOf(document.parameters);
      if (required.numbers + required.texts + required.free > 0) requiredById.set(document.id, required);
      else requiredById.delete(document.id);
    },
    remove(id) {
      requiredById.delete(id);
    },
    forQuery(query) {
      const offered = requestValues(query);
      // The request's terms by id (-1: no document has it, so it is no document's own word).
      const termIds = offered.terms.map((term) => index.termId(term) ?? -1);
      return (slot) => {
        const required = requiredById.get(index.idOf(slot));
        if (!required) return 1;
        const found = groundingOf(required, offered, () => spareTerms(index.keyTermsOf(slot), termIds));
        return groundedRelevance(1, found, weights);
      };
    },
  };
}

/** How many of the request's terms are not among a document's own key terms (its name's and description's). */
function spareTerms(keys: readonly number[], termIds: readonly number[]): number {
  // Key terms: the name's, then (after a -1) the description's, then each example's; the first two are its own.
  const first = keys.indexOf(-1);
  const second = first < 0 ? -1 : keys.indexOf(-1, first + 1);
  const end = second < 0 ? keys.length : second;
  let spare = 0;
  for (const id of termIds) {
    let own = false;
    for (let at = 0; at < end && !own; at++) own = keys[at] === id;
    if (id < 0 || !own) spare++;
  }
  return spare;
}
