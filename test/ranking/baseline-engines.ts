// Baselines for the ranking evaluation: MiniSearch (BM25+) and wink-bm25-text-search (BM25F), fed the same
// ranking documents, tokens (our tokenizer and stemmer) and field weights as our ranker.

import { DEFAULT_WEIGHTS, type RankDocument, tokenize } from '@affordance/core/ranking';
import MiniSearch from 'minisearch';
import bm25 from 'wink-bm25-text-search';
import type { SearchEngine } from './evaluate-ranking.js';

type FlatDocument = Record<keyof typeof DEFAULT_WEIGHTS, string> & { id: string };

const FIELD_NAMES = Object.keys(DEFAULT_WEIGHTS) as Array<keyof typeof DEFAULT_WEIGHTS>;

/** A ranking document as flat text fields, one per weighted field. */
export function flatten(document: RankDocument): FlatDocument {
  return {
    id: document.id,
    name: document.name,
    title: document.title,
    description: document.description,
    examples: document.examples.join(' . '),
    tags: document.tags.join(' . '),
    category: [document.category, document.scope ?? ''].join(' . '),
    parameterNames: document.parameters.map((parameter) => parameter.name).join(' . '),
    parameterText: document.parameters.map((parameter) => parameter.description).join(' . '),
  };
}

/** MiniSearch with its BM25+ scoring, our tokens and our field weights as boosts (OR of the query terms). */
export function miniSearchEngine(): SearchEngine {
  const search = new MiniSearch<FlatDocument>({
    fields: FIELD_NAMES,
    tokenize: (text) => tokenize(text),
    processTerm: (term) => term,
    searchOptions: { boost: { ...DEFAULT_WEIGHTS } },
  });
  return {
    name: 'MiniSearch',
    add: (documents) => search.addAll(documents.map(flatten)),
    search: (query, limit) =>
      search
        .search(query)
        .slice(0, limit)
        .map((result) => String(result.id)),
  };
}

/** wink-bm25-text-search (BM25F) with our tokens and field weights; it indexes once, at the first search. */
export function winkEngine(): SearchEngine {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { ...DEFAULT_WEIGHTS } });
  engine.definePrepTasks([(text: string) => tokenize(text)]);
  let count = 0;
  let consolidated = false;
  return {
    name: 'wink-bm25',
    add(documents) {
      if (consolidated) throw new Error('wink-bm25-text-search cannot add documents after its first search');
      for (const document of documents) {
        const { id, ...fields } = flatten(document);
        engine.addDoc(fields, id);
        count++;
      }
    },
    search(query, limit) {
      if (!consolidated && count >= 3) {
        engine.consolidate();
        consolidated = true;
      }
      return consolidated ? engine.search(query, limit).map(([id]) => id) : [];
    },
  };
}
