/**
 * A floor for the loop over a lexical pass's touched documents (lexical-pass.ts), seeded from the BM25F sums once
 * the caller's head is full, so that fewer documents are worked out and visited. Figures: docs/benchmarks/ranking.md
 * (speed pass 8).
 *
 * The caller's floor is the order of the last of its best-first head (ties: the first visited first), 0 until the
 * head is full; it keeps only documents visited with `beats` and ordered above that floor. When the head is first
 * full, `k` visits could have been kept, so the head holds at most `k`. A document's order is at least its BM25F
 * share over (1 + name boost), so the documents of the `k` largest sums are each ordered at least the `k`-th largest
 * share over that, and were the caller to keep all of them (no relevance bar), its head would end at or above it.
 * The seed is just under that: from then on a document ordered at or below the seed is left out (a wanted one is
 * explained, not offered). A caller's final floor above the seed means every document left out is ordered below a
 * full head: the head is the one it would be without the seed. Otherwise (a head that refused documents for their
 * relevance) those left out are offered at the end, in the order touched: none ties with one offered before (each
 * of those is ordered above the seed), so the head is again the same.
 *
 * Not before the head is full: a caller whose floor stays 0 (no limit) keeps every document, and the order of its
 * equal ones depends on when each was offered, so nothing may be offered later than it would be.
 */

/** The largest head seeded for: past it, finding the k-th largest sum costs more than the seed saves. */
export const SEED_MOST = 128;

/** The seed for a head of `k` whose `k`-th largest BM25F sum is `largest`, of a query of weight `total`. */
export function seedFloor(largest: number, total: number, nameBoost: number): number {
  // Written as the pass writes a share and the least order it can give (name 0): the same roundings.
  const bound = largest / total / (1 + nameBoost);
  // Just under it: a document ordered exactly at the bound is above the seed.
  return bound * (1 - 2 ** -40);
}
