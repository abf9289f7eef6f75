// One ranker recalls at least what another does, at every figure: the word-vector ranker's "never worse" checks.
import { expect } from 'vitest';
import type { RetrievalScores } from './evaluate-ranking.js';

/** `scores` at or above `bar` at R@1, R@5, R@10 and MRR. */
export function expectRecallAtLeast(scores: RetrievalScores, bar: RetrievalScores): void {
  expect(scores.recallAt1).toBeGreaterThanOrEqual(bar.recallAt1);
  expect(scores.recallAt5).toBeGreaterThanOrEqual(bar.recallAt5);
  expect(scores.recallAt10).toBeGreaterThanOrEqual(bar.recallAt10);
  expect(scores.mrr).toBeGreaterThanOrEqual(bar.mrr);
}
