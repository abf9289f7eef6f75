import type { QueryPlan } from './query-plan-types.js';
import type { QueryGroup } from './term-index.js';

/**
 * A request with at least this many words the registry uses (found as such or as a variant) speaks the registry's
 * language: its synonyms are left out. The word-vector ranker draws the same line for a short request (at most 3
 * content words).
 */
const DIRECT_WORDS_WITHOUT_SYNONYMS = 4;

/**
 * The recall-first plan with its synonyms weighed by how much of the request its own words found: each synonym's
 * share of a match times `(1 - direct)²`, where `direct` is the weight of the request's words found directly over
 * the request's weight; none at all when `DIRECT_WORDS_WITHOUT_SYNONYMS` words were found directly. A word
 * answered only by synonyms counts in the total as a word the registry does not use (as without synonyms), so
 * synonyms that weigh nothing leave the plan as it is without them.
 *
 * Why: a long multi-step request has many words a registry of real tools does not use, and their synonyms
 * ("document", "chart") match whole servers; a short everyday request ("enlarge it") has nothing else to go by.
 */
export function weighSynonyms(plan: QueryPlan): QueryPlan {
  if (plan.bySynonym.length === 0) return plan;
  const bySynonym = new Map(plan.bySynonym.map((entry) => [entry.group, entry]));
  const total = plan.ownTotal;
  let direct = 0;
  let words = 0;
  plan.groups.forEach((group, at) => {
    if (bySynonym.has(at)) return;
    direct += group.weight;
    words++;
  });
  const share =
    words >= DIRECT_WORDS_WITHOUT_SYNONYMS || total <= 0 ? 0 : Math.max(0, 1 - direct / total) ** 2;
  const groups: QueryGroup[] = [];
  plan.groups.forEach((group, at) => {
    const synonyms = bySynonym.get(at)?.synonyms ?? 0;
    if (synonyms === 0) {
      groups.push(group);
      return;
    }
    const members = group.members
      .map((member, index) => (index < synonyms ? { ...member, factor: member.factor * share } : member))
      .filter((member) => member.factor > 0);
    if (members.length > 0) groups.push({ weight: group.weight, members });
  });
  const matched = new Map<number, number>();
  for (const { members } of groups)
    for (const { id, factor } of members) matched.set(id, Math.max(matched.get(id) ?? 0, factor));
  return { groups, total, matched, bySynonym: [], ownTotal: total };
}
