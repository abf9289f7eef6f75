import { pickBest } from './diversify.js';

/**
 * `diversify` (xQuAD over the query's terms) for candidates whose matched groups are all among the first 31, given
 * as bit masks with the groups' weights: the same picks and scores (each sum over a candidate's groups in group
 * order, as `diversify` adds them), without a list of aspects made for every candidate. Kept beside `diversifyBits`
 * (which answers the same with `words` 1) because it is the common case: `diversifyBits` took 57–67 µs per call
 * against 43–56 µs for this one (64 candidates, 20 groups), about 1 % of a word-vector `rank`.
 */
export function diversifyMasks(
  orders: ArrayLike<number>,
  masks: ArrayLike<number>,
  weights: ArrayLike<number>,
  novelty: number,
): Array<{ index: number; score: number }> {
  const count = orders.length;
  const groups = Math.min(31, weights.length);
  const totals = new Float64Array(count);
  const gains = new Float64Array(count);
  const picked = new Uint8Array(count);
  let covered = 0;
  // The groups' bits (bit 31 never stands for one).
  const all = 2 ** groups - 1;
  const gainOf = (at: number) => {
    const fresh = weightOf(masks[at]! & ~covered & all, weights, 0);
    const total = totals[at]!;
    return orders[at]! * (1 - novelty + (total > 0 ? (novelty * fresh) / total : 0));
  };
  for (let at = 0; at < count; at++) {
    totals[at] = weightOf(masks[at]! & all, weights, 0);
    gains[at] = gainOf(at);
  }
  const found: Array<{ index: number; score: number }> = [];
  for (let round = 0; round < count; round++) {
    const best = pickBest(gains, picked, found);
    const fresh = masks[best]! & ~covered;
    if (fresh === 0) continue;
    covered |= fresh;
    for (let at = 0; at < count; at++) {
      if (picked[at] === 0 && (masks[at]! & fresh) !== 0) gains[at] = gainOf(at);
    }
  }
  return found;
}

/**
 * `diversifyMasks` for any number of groups: candidate `at`'s groups are bits of `bits[at * words …]` (group g at
 * bit `g & 31` of word `g >> 5`). The same picks and scores as `diversify` with the same groups as aspects.
 */
export function diversifyBits(
  orders: ArrayLike<number>,
  bits: Int32Array,
  words: number,
  weights: ArrayLike<number>,
  novelty: number,
): Array<{ index: number; score: number }> {
  const count = orders.length;
  const groups = weights.length;
  const totals = new Float64Array(count);
  const gains = new Float64Array(count);
  const picked = new Uint8Array(count);
  const covered = new Int32Array(words);
  const fresh = new Int32Array(words);
  // Per word, the bits that stand for a group.
  const groupBits = new Int32Array(words);
  for (let word = 0; word < words; word++) {
    const left = groups - word * 32;
    groupBits[word] = left >= 32 ? -1 : left > 0 ? 2 ** left - 1 : 0;
  }
  const gainOf = (at: number) => {
    const start = at * words;
    let uncovered = 0;
    for (let word = 0; word < words; word++) {
      uncovered = weightOf(
        bits[start + word]! & ~covered[word]! & groupBits[word]!,
        weights,
        word * 32,
        uncovered,
      );
    }
    const total = totals[at]!;
    return orders[at]! * (1 - novelty + (total > 0 ? (novelty * uncovered) / total : 0));
  };
  for (let at = 0; at < count; at++) {
    const start = at * words;
    let total = 0;
    for (let word = 0; word < words; word++) {
      total = weightOf(bits[start + word]! & groupBits[word]!, weights, word * 32, total);
    }
    totals[at] = total;
    gains[at] = gainOf(at);
  }
  const found: Array<{ index: number; score: number }> = [];
  for (let round = 0; round < count; round++) {
    const best = pickBest(gains, picked, found);
    let any = 0;
    for (let word = 0; word < words; word++) {
      fresh[word] = bits[best * words + word]! & ~covered[word]!;
      covered[word]! |= fresh[word]!;
      any |= fresh[word]!;
    }
    if (any === 0) continue;
    for (let at = 0; at < count; at++) {
      if (picked[at] === 1) continue;
      let shares = 0;
      for (let word = 0; word < words; word++) shares |= bits[at * words + word]! & fresh[word]!;
      if (shares !== 0) gains[at] = gainOf(at);
    }
  }
  return found;
}

/**
 * `sum` plus the weights of the groups of `bits` (group `first + b` for bit b), added in the groups' order as a loop
 * over every group adds them (the same sum to the last bit), visiting only the bits that are set.
 */
function weightOf(bits: number, weights: ArrayLike<number>, first: number, sum = 0): number {
  let total = sum;
  let rest = bits;
  while (rest !== 0) {
    const lowest = rest & -rest;
    total += weights[first + 31 - Math.clz32(lowest)]!;
    rest ^= lowest;
  }
  return total;
}
