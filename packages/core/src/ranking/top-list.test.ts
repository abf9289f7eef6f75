import { describe, expect, it } from 'vitest';
import { createLeastOfBest, createTopList } from './top-list.js';

describe('createLeastOfBest', () => {
  it('answers what a top list of the same count answers as its last, offer by offer', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return (seed % 200) - 100;
    };
    for (const count of [1, 2, 5, 64]) {
      const least = createLeastOfBest(count);
      const list = createTopList(count);
      for (let at = 0; at < 2_000; at++) {
        const score = next();
        expect(least.offer(score)).toBe(list.offer(at, score));
      }
    }
  });
});
