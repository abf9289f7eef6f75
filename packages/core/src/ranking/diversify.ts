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
  const covered = new Set<number>();
  const left = candidates.map((_, index) => index);
  const picked: Array<{ index: number; score: number }> = [];
  while (left.length > 0) {
    let best = 0;
    let bestGain = Number.NEGATIVE_INFINITY;
    for (let at = 0; at < left.length; at++) {
      const candidate = candidates[left[at]!]!;
      let total = 0;
      let fresh = 0;
      for (const { group, weight } of candidate.groups) {
        total += weight;
        if (!covered.has(group)) fresh += weight;
      }
      const gain = candidate.order * (1 - novelty + (total > 0 ? (novelty * fresh) / total : 0));
      if (gain > bestGain) {
        bestGain = gain;
        best = at;
      }
    }
    const [index] = left.splice(best, 1);
    picked.push({ index: index!, score: bestGain });
    for (const { group } of candidates[index!]!.groups) covered.add(group);
  }
  return picked;
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
