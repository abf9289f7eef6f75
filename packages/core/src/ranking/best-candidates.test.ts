import { describe, expect, it } from 'vitest';
import { type Candidate, createBestCandidates } from './best-candidates.js';
import { seededRandom } from './seeded-random.fixture.js';

/** The list it replaced: insert after those of the same order or above; the last falls off a full list. */
function keepBest(top: Candidate[], item: Candidate, count: number): Candidate | undefined {
  if (top.length >= count && item.order <= top[top.length - 1]!.order) return item;
  const fallen = top.length >= count ? top[count - 1] : undefined;
  let at = fallen ? count - 1 : top.length;
  if (!fallen) top.push(item);
  while (at > 0 && top[at - 1]!.order < item.order) {
    top[at] = top[at - 1]!;
    at--;
  }
  top[at] = item;
  return fallen;
}

describe('createBestCandidates', () => {
  it('keeps, drops and lists as a best-first list does, ties included', () => {
    const best = createBestCandidates();
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = seededRandom(seed * 7919);
      for (const [head, count] of [
        [30, 10],
        [30, 400],
        [64, 900],
        [3, 50],
      ] as const) {
        const top: Candidate[] = [];
        const fallenThere: Candidate[] = [];
        const fallenHere: Candidate[] = [];
        best.start(head);
        for (let slot = 0; slot < count; slot++) {
          // Coarse orders, so that many are equal.
          const order = Math.round((random() + 0.5) * 20) / 20;
          const item = {
            slot,
            order,
            mask: slot & 7,
            share: random(),
            name: random(),
            about: random(),
            relevance: order,
          };
          const floor = top.length >= head ? top[head - 1]!.order : 0;
          expect(best.floor()).toBe(floor);
          const there = keepBest(top, item, head);
          if (there) fallenThere.push(there);
          const { mask, share, name, about, relevance } = item;
          const here = best.keep(slot, order, mask, share, name, about, relevance);
          if (here >= 0) fallenHere.push(best.candidate(here));
        }
        expect(fallenHere).toEqual(fallenThere);
        expect(best.length).toBe(top.length);
        expect(best.list()).toEqual(top);
      }
    }
  });
});
