// Evaluation of action ranking on Seal-Tools and BFCL v3 (sources: see datasets.ts).
import { createRegistry, qualifiedName, type Registry } from '@affordance/core';
import {
  createLexicalRanker,
  type LexicalRankerOptions,
  type RankDocument,
  type Ranker,
  rankDocumentOf,
} from '@affordance/core/ranking';
import type { BfclQuestion, SealQuery } from './datasets.js';

/** Something that indexes ranking documents and answers a ranked list of ids. */
export interface SearchEngine {
  readonly name: string;
  add(documents: readonly RankDocument[]): void;
  search(query: string, limit: number): string[];
}

/** Retrieval quality on Seal-Tools: recall is the share of a query's gold apis in the top k, averaged. */
export interface RetrievalScores {
  readonly queries: number;
  readonly recallAt1: number;
  readonly recallAt5: number;
  readonly recallAt10: number;
  /** Mean reciprocal rank of the first gold api within the top 10 (0 when none is there). */
  readonly mrr: number;
  readonly medianMs: number;
}

/** Our lexical ranker as a search engine. */
export function lexicalEngine(options: LexicalRankerOptions = {}, name = 'affordance'): SearchEngine {
  const ranker = createLexicalRanker(options);
  return {
    name,
    add: (documents) => {
      for (const document of documents) ranker.add(document);
    },
    search: (query, limit) => ranker.rank(query, { limit }).map((hit) => hit.id),
  };
}

/** The ranking documents of a registry's actions, as the registry itself builds them. */
export function documentsOf(registry: Registry): RankDocument[] {
  return registry.list().map((action) => rankDocumentOf(action, qualifiedName(action)));
}

/** Run every query through the engine and score the rankings against the gold apis. */
export function evaluateRetrieval(engine: SearchEngine, queries: readonly SealQuery[]): RetrievalScores {
  let recall1 = 0;
  let recall5 = 0;
  let recall10 = 0;
  let reciprocal = 0;
  const times: number[] = [];
  for (const { query, gold } of queries) {
    const started = performance.now();
    const ranked = engine.search(query, 10);
    times.push(performance.now() - started);
    const hits = (k: number) => gold.filter((name) => ranked.slice(0, k).includes(name)).length / gold.length;
    recall1 += hits(1);
    recall5 += hits(5);
    recall10 += hits(10);
    const first = ranked.findIndex((name) => gold.includes(name));
    if (first >= 0) reciprocal += 1 / (first + 1);
  }
  const count = queries.length || 1;
  return {
    queries: queries.length,
    recallAt1: recall1 / count,
    recallAt5: recall5 / count,
    recallAt10: recall10 / count,
    mrr: reciprocal / count,
    medianMs: median(times),
  };
}

/** BFCL as a registry sees it: one registry per question holding its candidate functions. */
export interface BfclScores {
  /** `multiple`: the top answer of `available({ query, limit: 1 })` is the gold function. */
  readonly multipleAccuracy: number;
  /** `irrelevance`: `available({ query })` answers nothing. */
  readonly irrelevanceRejected: number;
}

/** Score BFCL through the public registry API with a lexical ranker of these options, or rankers made by a function. */
export function evaluateBfcl(
  multiple: readonly BfclQuestion[],
  irrelevance: readonly BfclQuestion[],
  options: LexicalRankerOptions | (() => Ranker) = {},
): BfclScores {
  const makeRanker = typeof options === 'function' ? options : () => createLexicalRanker(options);
  let correct = 0;
  for (const question of multiple) {
    const registry = createRegistry({ actions: question.functions, ranker: makeRanker() });
    if (registry.available({ query: question.query, limit: 1 })[0]?.name === question.gold) correct++;
  }
  let rejected = 0;
  for (const question of irrelevance) {
    const registry = createRegistry({ actions: question.functions, ranker: makeRanker() });
    if (registry.available({ query: question.query }).length === 0) rejected++;
  }
  return {
    multipleAccuracy: correct / (multiple.length || 1),
    irrelevanceRejected: rejected / (irrelevance.length || 1),
  };
}

/** BFCL for an engine without a relevance threshold: top-1 accuracy, and the share of empty answers. */
export function evaluateBfclEngine(
  makeEngine: () => SearchEngine,
  multiple: readonly BfclQuestion[],
  irrelevance: readonly BfclQuestion[],
): BfclScores {
  const answer = (question: BfclQuestion, limit: number) => {
    const engine = makeEngine();
    engine.add(documentsOf(createRegistry({ actions: question.functions })));
    return engine.search(question.query, limit);
  };
  const correct = multiple.filter((question) => answer(question, 1)[0] === question.gold).length;
  const rejected = irrelevance.filter((question) => answer(question, 10).length === 0).length;
  return {
    multipleAccuracy: correct / (multiple.length || 1),
    irrelevanceRejected: rejected / (irrelevance.length || 1),
  };
}

/** The median of some numbers (0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
