import { createLexicalRanker, type LexicalRanker } from './lexical-ranker.js';
import { createMeanVectorIndex } from './mean-vector-index.js';
import type { RankDocument, Ranker, RankHit } from './types.js';
import { type WordBag, type WordVectors, wordVectorTableOf } from './word-vectors.js';

/** Options of `createWordVectorRanker`. */
export interface WordVectorRankerOptions {
  /** The word vectors; in Node, `loadWordVectors()` from `@affordance/node` reads a packaged set. */
  readonly vectors: WordVectors;
  /** The lexical ranker fused with the soft match (default: a new `createLexicalRanker()`). */
  readonly lexical?: LexicalRanker;
  /** Share of the soft match in the fused relevance (default 0.6); the order stays lexical. */
  readonly weight?: number;
  /** Word similarity counted as no match at all; above it, credit grows linearly to 1 (default 0.4). */
  readonly floor?: number;
  /** Soft coverages mapped to 0 and to 1 (default 0.3 and 0.9). */
  readonly coverage?: { readonly low: number; readonly high: number };
  /** Fused relevance below this leaves a document out (default 0.26). */
  readonly threshold?: number;
  /** Past this many documents, only the best lexical and the nearest by mean vector are soft-matched (default 64). */
  readonly candidates?: number;
}

/** A ranker that fuses lexical relevance with a soft, word-vector match of the action's words. */
export interface WordVectorRanker extends Ranker {
  /** The best relevant documents, best first. */
  rank(query: string, options?: { readonly limit?: number }): RankHit[];
}

/** The fused relevance below which a document is left out: see docs/ranking.md for how it was chosen. */
export const DEFAULT_WORD_VECTOR_THRESHOLD = 0.26;

/** Scale of the score of a document only the soft match finds, which puts it below most lexical matches. */
const SOFT_ONLY_SCALE = 0.05;

/**
 * Fuse the lexical ranker with soft matching: how much of the action's words (name, title, description, examples,
 * tags; rarity-weighted) the query says or says in other words, each word credited by its best cosine similarity to
 * a query word. Synchronous, and no network: the vectors are data.
 */
export function createWordVectorRanker(options: WordVectorRankerOptions): WordVectorRanker {
  const table = wordVectorTableOf(options.vectors);
  const lexical = options.lexical ?? createLexicalRanker();
  const weight = options.weight ?? 0.6;
  const floor = options.floor ?? 0.4;
  const { low, high } = options.coverage ?? { low: 0.3, high: 0.9 };
  const threshold = options.threshold ?? DEFAULT_WORD_VECTOR_THRESHOLD;
  const candidates = options.candidates ?? 64;
  if (!(weight >= 0 && weight <= 1)) throw new RangeError('weight must be between 0 and 1');
  if (!(floor >= 0 && floor < 1)) throw new RangeError('floor must be at least 0 and below 1');
  if (!(high > low)) throw new RangeError('coverage.high must be above coverage.low');
  if (!(Number.isInteger(candidates) && candidates > 0))
    throw new RangeError('candidates must be a positive integer');
  const entries = new Map<string, WordBag>();
  const means = createMeanVectorIndex(table.dimensions);
  let last: { query: string; hits: RankHit[] } | undefined;

  /** Rarity-weighted share of the document's words the query matches, each by its best similarity above the floor. */
  const softCoverage = (bag: WordBag, query: WordBag, best: Map<number, number>) => {
    let total = 0;
    let matched = 0;
    bag.slots.forEach((slot, at) => {
      let credit = best.get(slot);
      if (credit === undefined) {
        credit = Math.max(0, (table.closest(slot, query.slots) - floor) / (1 - floor));
        best.set(slot, credit);
      }
      total += bag.weights[at]!;
      matched += bag.weights[at]! * credit;
    });
    return total > 0 ? matched / total : 0;
  };

  /** Ids to soft-match: every document of a small registry, else the best lexical ones and the nearest in meaning. */
  const candidatesOf = (lexicalBest: readonly RankHit[], queryMean: Float32Array): Iterable<string> => {
    if (entries.size <= candidates) return entries.keys();
    const picked = new Set(lexicalBest.map((hit) => hit.id));
    for (const id of means.nearest(queryMean, candidates)) picked.add(id);
    return picked;
  };

  const fused = (query: string): RankHit[] => {
    if (last?.query === query) return last.hits;
    // Relevance from `explain`; order from `rank`, which keeps the lexical novelty for many-part requests.
    const explained = new Map(lexical.explain(query).map((hit) => [hit.id, hit]));
    const lexicalBest = lexical.rank(query, { threshold: 0, limit: candidates });
    const order = new Map(lexicalBest.map((hit) => [hit.id, hit.score]));
    const queryBag = table.bag(query);
    const best = new Map<number, number>();
    const hits: RankHit[] = [];
    for (const id of candidatesOf(lexicalBest, table.mean(queryBag))) {
      const bag = entries.get(id);
      const lexicalHit = explained.get(id);
      const coverage = bag && queryBag.slots.length > 0 ? softCoverage(bag, queryBag, best) : 0;
      const soft = Math.min(1, Math.max(0, (coverage - low) / (high - low)));
      const relevance = (1 - weight) * (lexicalHit?.relevance ?? 0) + weight * soft;
      if (relevance < threshold) continue;
      // The order stays lexical (it knows names and many-part requests); found only in other words comes after.
      const score = order.get(id) ?? lexicalHit?.score ?? SOFT_ONLY_SCALE * soft;
      if (score > 0) hits.push({ id, score });
    }
    hits.sort((a, b) => b.score - a.score);
    last = { query, hits };
    return hits;
  };

  return {
    add(document: RankDocument) {
      lexical.add(document);
      const bag = table.bag(wordsOf(document));
      entries.set(document.id, bag);
      means.set(document.id, table.mean(bag));
      last = undefined;
    },
    remove(id) {
      lexical.remove(id);
      entries.delete(id);
      means.delete(id);
      last = undefined;
    },
    search(query) {
      return new Map(fused(query).map((hit) => [hit.id, hit.score]));
    },
    rank(query, rankOptions = {}) {
      const hits = fused(query);
      return rankOptions.limit === undefined ? [...hits] : hits.slice(0, rankOptions.limit);
    },
  };
}

/** The words soft-matched for an action: what it is and does, not how it is called. */
function wordsOf(document: RankDocument): string {
  return [document.name, document.title, document.description, ...document.examples, ...document.tags].join(
    ' \n ',
  );
}
