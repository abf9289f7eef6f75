import type { QueryGroup } from './accumulate-scores.js';

/** A query term (group index and weight) a candidate matches. */
export interface Aspect {
  readonly group: number;
  readonly weight: number;
}

/** A scored candidate and the query terms it matches. */
export interface Aspects {
  readonly order: number;
  readonly groups: readonly Aspect[];
}

/**
 * Greedy re-ranking for requests with several parts (xQuAD with the query's terms as its aspects): each pick is
 * the candidate whose score, times `1 - novelty + novelty * (share of its matched query weight not matched by
 * earlier picks)`, is highest. Returns candidate indexes with their new scores, which never increase.
 */
export function diversify(
  candidates: readonly Aspects[],
  novelty: number,
): Array<{ index: number; score: number }> {
  const count = candidates.length;
  // With groups 0 to 30 only, each candidate's groups and those covered are bit masks (the same sums, less work).
  const masks = new Int32Array(count);
  for (let at = 0; at < count; at++) {
    for (const { group } of candidates[at]!.groups) {
      if (group > 30) return diversifyAny(candidates, novelty);
      masks[at]! |= 1 << group;
    }
  }
  const gains = new Float64Array(count);
  const picked = new Uint8Array(count);
  let covered = 0;
  const gainOf = (candidate: Aspects) => {
    let total = 0;
    let fresh = 0;
    for (const { group, weight } of candidate.groups) {
      total += weight;
      if ((covered & (1 << group)) === 0) fresh += weight;
    }
    return candidate.order * (1 - novelty + (total > 0 ? (novelty * fresh) / total : 0));
  };
  for (let at = 0; at < count; at++) gains[at] = gainOf(candidates[at]!);
  const found: Array<{ index: number; score: number }> = [];
  for (let round = 0; round < count; round++) {
    const best = pickBest(gains, picked, found);
    const fresh = masks[best]! & ~covered;
    if (fresh === 0) continue;
    covered |= fresh;
    for (let at = 0; at < count; at++) {
      if (picked[at] === 0 && (masks[at]! & fresh) !== 0) gains[at] = gainOf(candidates[at]!);
    }
  }
  return found;
}

/**
 * Pick the first of the highest gains among the candidates not picked yet (in their order), mark it and add it to
 * `found` with its gain (-Infinity for a gain that is not a number, as no gain was above it). Answers its index.
 */
export function pickBest(
  gains: Float64Array,
  picked: Uint8Array,
  found: Array<{ index: number; score: number }>,
): number {
  let best = -1;
  let bestGain = Number.NEGATIVE_INFINITY;
  for (let at = 0; at < gains.length; at++) {
    if (picked[at] === 1) continue;
    if (best < 0) best = at;
    if (gains[at]! > bestGain) {
      best = at;
      bestGain = gains[at]!;
    }
  }
  picked[best] = 1;
  const gain = gains[best]!;
  found.push({ index: best, score: gain > Number.NEGATIVE_INFINITY ? gain : Number.NEGATIVE_INFINITY });
  return best;
}

/** `diversify` for candidates of any groups (a request of more than 31 terms), covered groups in a set. */
function diversifyAny(
  candidates: readonly Aspects[],
  novelty: number,
): Array<{ index: number; score: number }> {
  const count = candidates.length;
  // A candidate's gain changes only when a pick covers one of its groups: it is worked out again then (the same
  // sums in the same order, so the same number), and kept otherwise.
  const gains = new Float64Array(count);
  const picked = new Uint8Array(count);
  const covered = new Set<number>();
  const gainOf = (candidate: Aspects) => {
    let total = 0;
    let fresh = 0;
    for (const { group, weight } of candidate.groups) {
      total += weight;
      if (!covered.has(group)) fresh += weight;
    }
    return candidate.order * (1 - novelty + (total > 0 ? (novelty * fresh) / total : 0));
  };
  for (let at = 0; at < count; at++) gains[at] = gainOf(candidates[at]!);
  const found: Array<{ index: number; score: number }> = [];
  // The groups the last pick covered first (reused).
  const fresh: number[] = [];
  for (let round = 0; round < count; round++) {
    const best = pickBest(gains, picked, found);
    fresh.length = 0;
    for (const { group } of candidates[best]!.groups) {
      if (!covered.has(group)) {
        covered.add(group);
        fresh.push(group);
      }
    }
    if (fresh.length === 0) continue;
    for (let at = 0; at < count; at++) {
      if (picked[at] === 0 && sharesAny(candidates[at]!.groups, fresh)) gains[at] = gainOf(candidates[at]!);
    }
  }
  return found;
}

/** Whether some of the aspects are of the given groups. */
function sharesAny(aspects: readonly Aspect[], groups: readonly number[]): boolean {
  for (let at = 0; at < aspects.length; at++) {
    const group = aspects[at]!.group;
    for (let other = 0; other < groups.length; other++) if (groups[other] === group) return true;
  }
  return false;
}

/** The query groups a document matches: the first 31 from its bit mask, any later ones from its terms. */
export function aspectsOf(mask: number, groups: readonly QueryGroup[], terms: readonly number[]): Aspect[] {
  const found: Aspect[] = [];
  for (let at = 0; at < groups.length; at++) {
    const group = groups[at]!;
    const matched =
      at < 31 ? (mask & (1 << at)) !== 0 : group.members.some((member) => terms.includes(member.id));
    if (matched) found.push({ group: at, weight: group.weight });
  }
  return found;
}
