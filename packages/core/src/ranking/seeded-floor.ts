import type { Scores } from './accumulate-scores.js';

/**
 * A floor for the loop over a lexical pass's touched documents, seeded from the BM25F sums once the caller's head is
 * full, so that fewer documents are worked out and visited. Figures: docs/benchmarks/ranking.md (speed pass 8).
 *
 * The caller's floor is the order of the last of its best-first head (ties: the first visited first), 0 until the
 * head is full; it keeps only documents visited with `beats` and ordered above that floor. When the head is first
 * full, `offered` visits could have been kept, so the head holds at most that many: k. A document's order is at least
 * its BM25F share over (1 + name boost), so the k documents of the k largest sums are each ordered at least `bound`
 * (the k-th largest share over that), and were the caller to keep all of them, its head would end at or above it.
 * The seed is just under `bound`: a document ordered at or below it waits (not worked out, or explained but not
 * offered). At the end, a caller's floor above the seed means every waiting document is ordered below a full head
 * (the same head as without the seed). Otherwise (a head that refused documents for their relevance, or never
 * filled) the waiting ones are offered then, in the order touched: none of them ties with one offered before (each
 * of those is ordered above the seed), so the head is again the same.
 */
export interface SeededFloor {
  /** Visits so far the caller could keep (with `beats`, ordered above its floor). */
  offered: number;
  /** The seed, given the caller's floor: 0 until that is first above 0, then worked out once. */
  floor(real: number): number;
  /** A document left out under the seed that the caller might otherwise keep. */
  wait(slot: number): void;
  /** The documents to offer after all, in the order they waited: none when the caller's final floor beats the seed. */
  failed(real: number): readonly number[];
}

/** A seeded floor over one accumulation, whose BM25F shares are its sums over `total`. */
export function createSeededFloor(scores: Scores, total: number, nameBoost: number): SeededFloor {
  let seed = 0;
  let seeded = false;
  const waiting: number[] = [];
  return {
    offered: 0,
    floor(real) {
      if (seeded || !(real > 0)) return seed;
      seeded = true;
      // Written as the pass writes a share and the least order it can give (name 0): the same roundings.
      const bound = scores.largest(this.offered) / total / (1 + nameBoost);
      // Just under it: a document ordered exactly at the bound still counts as above the seed.
      seed = bound * (1 - 2 ** -40);
      return seed;
    },
    wait(slot) {
      waiting.push(slot);
    },
    failed(real) {
      return waiting.length > 0 && !(real > seed) ? waiting : [];
    },
  };
}
