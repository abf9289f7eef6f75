/**
 * `diversify` (xQuAD over the query's terms) for candidates whose matched groups are all among the first 31, given
 * as bit masks with the groups' weights: the same picks and scores (each sum over a candidate's groups in group
 * order, as `diversify` adds them), without a list of aspects made for every candidate.
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
  const gainOf = (at: number) => {
    const mask = masks[at]!;
    let fresh = 0;
    for (let group = 0; group < groups; group++) {
      const bit = 1 << group;
      if ((mask & bit) !== 0 && (covered & bit) === 0) fresh += weights[group]!;
    }
    const total = totals[at]!;
    return orders[at]! * (1 - novelty + (total > 0 ? (novelty * fresh) / total : 0));
  };
  for (let at = 0; at < count; at++) {
    const mask = masks[at]!;
    let total = 0;
    for (let group = 0; group < groups; group++) if ((mask & (1 << group)) !== 0) total += weights[group]!;
    totals[at] = total;
    gains[at] = gainOf(at);
  }
  const found: Array<{ index: number; score: number }> = [];
  for (let round = 0; round < count; round++) {
    // The first of the highest gains among those not picked, in the candidates' order.
    let best = -1;
    let bestGain = Number.NEGATIVE_INFINITY;
    for (let at = 0; at < count; at++) {
      if (picked[at] === 1) continue;
      if (best < 0) best = at;
      if (gains[at]! > bestGain) {
        best = at;
        bestGain = gains[at]!;
      }
    }
    picked[best] = 1;
    // As `diversify`: a gain that is not a number scores -Infinity.
    const gain = gains[best]!;
    found.push({ index: best, score: gain > Number.NEGATIVE_INFINITY ? gain : Number.NEGATIVE_INFINITY });
    const fresh = masks[best]! & ~covered;
    if (fresh === 0) continue;
    covered |= fresh;
    for (let at = 0; at < count; at++) {
      if (picked[at] === 0 && (masks[at]! & fresh) !== 0) gains[at] = gainOf(at);
    }
  }
  return found;
}
