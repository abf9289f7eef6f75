// One SHA-256 over the word-vector ranker's answers, for word-vector-answers.test.ts and for checking a change to
// the ranker by hand (node_modules scratch scripts). Data: see datasets.ts and synthetic-actions.ts.
import { createHash } from 'node:crypto';
import { defineAction, qualifiedName } from '@affordance/core';
import {
  createWordVectorRanker,
  rankDocumentOf,
  type Synonyms,
  type WordVectors,
} from '@affordance/core/ranking';
import { sealActions, sealQueries } from './datasets.js';
import { growActions } from './synthetic-actions.js';

/**
 * One hash over every answer (ids, scores, relevance flags and explanations, in order) of the ranker, with
 * `synonyms` if given (then its `match` does not share the lexical pass).
 */
export function answersDigest(vectors: WordVectors, size: number, step = 7, synonyms?: Synonyms): string {
  const ranker = createWordVectorRanker(synonyms ? { vectors, synonyms } : { vectors });
  for (const definition of growActions(sealActions(), size)) {
    const action = defineAction(definition);
    ranker.add(rankDocumentOf(action, qualifiedName(action)));
  }
  const hash = createHash('sha256');
  const queries = sealQueries().filter((_, at) => at % step === 0);
  for (const { query } of queries) {
    hash.update(JSON.stringify(ranker.rank(query, { limit: 10 })));
    hash.update(JSON.stringify(ranker.match(query, { limit: 40 })));
    hash.update(JSON.stringify(ranker.match(query, { limit: 3 })));
    hash.update(JSON.stringify(ranker.match(query)));
    hash.update(JSON.stringify(ranker.explain(query)));
    hash.update(JSON.stringify(ranker.rank(query)));
  }
  return hash.digest('hex');
}
