import { bestFirst, groupOf } from './group-context.js';
import { tokenize } from './tokenize.js';
import type { RankDocument, RankedMatch } from './types.js';

/** The input providers of a ranker's documents, and how much the head's providers are lifted in a recall-first answer. */
export interface InputProviders {
  add(document: Pick<RankDocument, 'id' | 'name' | 'scope' | 'group' | 'description' | 'parameters'>): void;
  remove(id: string): void;
  /** `withInputProviders` over these documents. */
  lift(matches: readonly RankedMatch[], limit: number): RankedMatch[];
}

/** What the lift needs of one document. */
export interface ProviderFacts {
  readonly group: string | undefined;
  /** Stems of the names of the parameters a call needs. */
  readonly needs: readonly string[];
  /** Stems of what it says it gives: its own name and what its description says it returns, less its own parameters. */
  readonly gives: ReadonlySet<string>;
}

// A sentence or a docstring section that says what an action gives back ("… and returns its coordinates",
// "Returns:\n  - Geographic coordinates (latitude/longitude)").
const SECTION = /^\s*(?:returns?|outputs?|yields?)\s*:/i;
const SAYS = /\b(?:returns?|outputs?|yields?)\b/i;

/**
 * What a description says an action gives back: each paragraph that is a "Returns:" section, and in the others each
 * sentence from its "returns" / "outputs" on. Empty when it says nothing of the kind.
 */
export function statedOutput(description: string): string {
  const found: string[] = [];
  for (const paragraph of description.split(/\n\s*\n/)) {
    if (SECTION.test(paragraph)) {
      found.push(paragraph);
      continue;
    }
    for (const sentence of paragraph.split(/(?<=[.!?])\s+/)) {
      const at = sentence.search(SAYS);
      if (at >= 0) found.push(sentence.slice(at));
    }
  }
  return found.join(' ');
}

// A dotted name's own part (what follows the namespace); `getPM2.5Level` has none and is kept whole.
const OWN_NAME = /\.([A-Za-z_][^.]*)$/;

/** The facts of one document: its group, what its required parameters name, and what it gives. */
export function providerFactsOf(
  document: Pick<RankDocument, 'name' | 'scope' | 'group' | 'description' | 'parameters'>,
): ProviderFacts {
  const own = new Set(document.parameters.flatMap((parameter) => tokenize(parameter.name)));
  const name = OWN_NAME.exec(document.name)?.[1] ?? document.name;
  const gives = new Set(
    tokenize(`${name} ${statedOutput(document.description)}`).filter((term) => !own.has(term)),
  );
  const needs = new Set(
    document.parameters
      .filter((parameter) => parameter.required)
      .flatMap((parameter) => tokenize(parameter.name)),
  );
  return { group: groupOf(document), needs: [...needs], gives };
}

/** Input providers kept in step with a ranker's documents; `weight` 0 turns the lift off. */
export function createInputProviders(weight: number): InputProviders {
  if (!(weight >= 0 && weight <= 1)) throw new RangeError('inputProviders must be at least 0 and at most 1');
  const facts = new Map<string, ProviderFacts>();
  const members = new Map<string, Set<string>>();
  const leave = (id: string) => {
    const group = facts.get(id)?.group;
    if (group !== undefined) members.get(group)?.delete(id);
    facts.delete(id);
  };
  return {
    add(document) {
      leave(document.id);
      if (weight === 0) return;
      const found = providerFactsOf(document);
      facts.set(document.id, found);
      if (found.group === undefined) return;
      const group = members.get(found.group) ?? new Set<string>();
      members.set(found.group, group.add(document.id));
    },
    remove: leave,
    lift: (matches, limit) => withInputProviders(matches, facts, members, weight, limit),
  };
}

/**
 * A request's matches with the input providers of its head lifted: the actions of the best match's group that say
 * they give what the best match's required parameters name (geocoding gives the latitude and longitude a search
 * near a place needs; a listing gives the ids a getter needs), each by `weight` times the head's score times the
 * share of those parameters' words it gives, never above the head. A provider the request did not match comes in
 * (not relevant). Best first, at most `limit`; unchanged when the head needs nothing or has no group.
 */
export function withInputProviders(
  matches: readonly RankedMatch[],
  facts: ReadonlyMap<string, ProviderFacts>,
  members: ReadonlyMap<string, ReadonlySet<string>>,
  weight: number,
  limit: number,
): RankedMatch[] {
  const head = matches[0];
  const needs = head === undefined ? undefined : facts.get(head.id);
  const group = needs?.group === undefined ? undefined : members.get(needs.group);
  if (weight <= 0 || !head || !needs || needs.needs.length === 0 || !group) return matches.slice(0, limit);
  const lifts = new Map<string, number>();
  for (const id of group) {
    if (id === head.id) continue;
    const gives = facts.get(id)!.gives;
    let given = 0;
    for (const term of needs.needs) if (gives.has(term)) given++;
    if (given > 0) lifts.set(id, (weight * head.score * given) / needs.needs.length);
  }
  if (lifts.size === 0) return matches.slice(0, limit);
  const lifted = matches.map((match) => {
    const lift = lifts.get(match.id);
    lifts.delete(match.id);
    return lift ? { ...match, score: Math.min(head.score, match.score + lift) } : match;
  });
  // Providers the request did not match, after the matches of the same score.
  for (const [id, lift] of lifts) lifted.push({ id, score: lift, relevant: false });
  return bestFirst(lifted, limit);
}
