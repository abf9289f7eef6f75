import { describe, expect, it } from 'vitest';
import { type Aspects, diversify } from './diversify.js';

/** 64 candidates of random orders matching random groups among `groups` (each shifted by `shift`). */
function candidatesOf(seed: number, groups: number, shift: number): Aspects[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: 64 }, () => {
    const matched = [];
    for (let group = 0; group < groups; group++) {
      if (next() < 0.3) matched.push({ group: group + shift, weight: 1 + Math.floor(next() * 5) / 2 });
    }
    return { order: Math.floor(next() * 50) / 50, groups: matched };
  });
}

describe('diversify', () => {
  it('picks alike with groups as bit masks (0 to 30) and in a set (any group), ties in the candidates order', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const masked = candidatesOf(seed, 24, 0);
      // The same candidates with every group moved past 30, where the masks cannot hold them.
      const beyond = candidatesOf(seed, 24, 40);
      for (const novelty of [0.3, 0.5, 1]) {
        const picks = diversify(masked, novelty);
        expect(picks).toEqual(diversify(beyond, novelty));
        expect(new Set(picks.map((pick) => pick.index)).size).toBe(64);
      }
    }
  });

  it('lowers the gain of a candidate whose groups were covered by an earlier pick', () => {
    const picks = diversify(
      [
        { order: 1, groups: [{ group: 0, weight: 1 }] },
        { order: 0.9, groups: [{ group: 0, weight: 1 }] },
        { order: 0.8, groups: [{ group: 1, weight: 1 }] },
      ],
      0.5,
    );
    expect(picks.map((pick) => pick.index)).toEqual([0, 2, 1]);
    expect(picks[2]!.score).toBeCloseTo(0.45);
  });
});
