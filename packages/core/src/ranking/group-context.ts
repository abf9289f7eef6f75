import type { RankDocument, RankedMatch } from './types.js';

/** The groups of a ranker's documents, and how much a group's context lifts a recall-first match. */
export interface GroupContext {
  add(document: Pick<RankDocument, 'id' | 'name' | 'scope' | 'group'>): void;
  remove(id: string): void;
  /** `withGroupContext` over these groups. */
  lift(matches: readonly RankedMatch[], limit: number): RankedMatch[];
}

/** Groups kept in step with a ranker's documents; `weight` 0 turns the lift off. */
export function createGroupContext(weight: number): GroupContext {
  if (!(weight >= 0 && weight < 1)) throw new RangeError('groupContext must be at least 0 and below 1');
  const groups = new Map<string, string>();
  return {
    add(document) {
      const group = groupOf(document);
      if (group === undefined) groups.delete(document.id);
      else groups.set(document.id, group);
    },
    remove: (id) => groups.delete(id),
    lift: (matches, limit) => withGroupContext(matches, groups, weight, limit),
  };
}

// A dotted name's namespace: what comes before its last dot, when a word follows it (`getPM2.5Level` has none).
const NAMESPACE = /^(.+)\.[A-Za-z_][^.]*$/;

/**
 * The group an action belongs to: its explicit `group` (`importMCP` gives each tool its server's namespace), else
 * its scope, else the namespace of a dotted name (`files.read` is in `files`), as the tools of one MCP server are
 * often named. Undefined for an action of none.
 */
export function groupOf(document: Pick<RankDocument, 'name' | 'scope' | 'group'>): string | undefined {
  if (document.group) return `group:${document.group}`;
  if (document.scope) return `scope:${document.scope}`;
  const namespace = NAMESPACE.exec(document.name)?.[1];
  return namespace === undefined ? undefined : `name:${namespace}`;
}

/**
 * A request's matches, each lifted by its group's context: `weight` times the best score of another match of its
 * group (a multi-step request that needs one server's tools finds them together), then every score divided by
 * `1 + weight` to stay within (0, 1]. Within a group the order is kept (for `weight` < 1). Best first, at most
 * `limit`; unchanged when no match has a group.
 */
export function withGroupContext(
  matches: readonly RankedMatch[],
  groups: ReadonlyMap<string, string>,
  weight: number,
  limit: number,
): RankedMatch[] {
  if (weight <= 0 || matches.length < 2) return matches.slice(0, limit);
  // The best and second-best score of each group among the matches.
  const best = new Map<string, [first: number, second: number, firstAt: number]>();
  matches.forEach((match, at) => {
    const group = groups.get(match.id);
    if (group === undefined) return;
    const found = best.get(group);
    if (!found) best.set(group, [match.score, 0, at]);
    else if (match.score > found[0]) best.set(group, [match.score, found[0], at]);
    else if (match.score > found[1]) found[1] = match.score;
  });
  if (best.size === 0) return matches.slice(0, limit);
  const lifted = matches.map((match, at) => {
    const group = groups.get(match.id);
    const found = group === undefined ? undefined : best.get(group);
    const other = !found ? 0 : at === found[2] ? found[1] : found[0];
    return { ...match, score: (match.score + weight * other) / (1 + weight) };
  });
  return bestFirst(lifted, limit);
}

/** The first `limit` matches by score, best first; of equal scores, in the order given (the sort is stable). */
export function bestFirst(matches: RankedMatch[], limit: number): RankedMatch[] {
  return matches.sort((a, b) => b.score - a.score).slice(0, limit);
}
