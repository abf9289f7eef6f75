import { announcesAsks } from './announcing.js';
import { clausesOf } from './ask-clauses.js';
import { queryTerms } from './query-terms.js';
import type { RankedMatch } from './types.js';

/** How many of a part's best are its candidates. */
export const PART_HEAD = 20;
/** How many of a part's ranking its group context reorders before the head is cut (the lexical ranker's head). */
export const PART_POOL = 30;
/** How many places of a many-part request are filled by the parts (the rest follow the whole request's order). */
const PLACES = 40;
/** The first places stay the whole request's where a part agrees (they are where it is surest). */
const KEPT = 3;
/** A candidate's share of a part is its score over the part's best, to this power (so near-best counts most). */
const SHARPNESS = 3;
/** Weight of the chosen part in a pick; the other parts share the rest (PM2's λ). */
const CHOSEN = 0.5;

/** A sentence opening with a word that points back ("The patient's ID is…", "It should…") goes on with the last ask. */
const GOES_ON = /^(?:the|this|that|these|those|it|its|they|their|he|his|she|her)\b/i;

/** Where a sentence ends: after `.`, `!` or `?`, before a capital letter ("e.g. metres" and "v2.1" do not end one). */
export const SENTENCE_BREAK = /(?<=[.!?])\s+(?=\p{Lu})/u;

/**
 * The parts of a request: its sentences (`SENTENCE_BREAK`), a sentence that points back joined to the one before.
 * A request of many parts asks for several things, a part each.
 */
export function requestParts(query: string): string[] {
  const parts: string[] = [];
  for (const sentence of query.split(SENTENCE_BREAK)) {
    if (parts.length > 0 && GOES_ON.test(sentence)) parts[parts.length - 1] += ` ${sentence}`;
    else parts.push(sentence);
  }
  return parts;
}

/** What follows "including" or "such as" in a sentence lists details of what it asks for, not another ask. */
const DETAILS = /,?\s+(?:including|such as)\b[^.!?]*/giu;

/** A part without its lists of details ("…information about the team, including the coach and the players"). */
export function headOf(part: string): string {
  return part.replace(DETAILS, '');
}

/**
 * A relative clause (", which is commonly found in tropical marine habitats …", ", who is a 48-year-old …") says more
 * of what a part asks about, not another ask: the part is ranked with it, but it earns the part no more places.
 */
const DESCRIBING = /,\s+(?:which|who)\b[^.!?]*/giu;

/** What a part weighs in the allocation: the weight of its words that are not values (ids, names, numbers). */
function partWeight(part: string): number {
  let weight = 0;
  for (const term of queryTerms(part)) if (!term.value) weight += term.weight;
  return weight;
}

/**
 * The parts of a request of several sentences whose best action is relevant to them (`rank` flags each hit by the
 * part's own threshold), each with its weight and its own ranking by `rank` (both without its lists of details);
 * none for a request of one sentence, or when fewer than two parts ask for something (an opening that only announces
 * the asks, `announcesAsks`, is not one of them). Once two or more sentences ask,
 * a sentence that chains asks ("…, then …", "… and also …") is ranked clause by clause (`clausesOf`); the clauses
 * never make a request of one ask into one of several.
 */
export function rankParts(query: string, rank: (part: string) => readonly RankedMatch[]): RankedPart[] {
  const sentences = requestParts(query);
  if (sentences.length < 2) return [];
  const asking = (part: string): RankedPart | undefined => {
    // Each part is ranked by what it asks for: a list of details would favour the actions named after them.
    const head = headOf(part);
    const hits = rank(head);
    // A part whose best action is not relevant to it on its own is context ("There are three of us."), not an ask.
    return hits[0]?.relevant ? { weight: partWeight(head.replace(DESCRIBING, '')), hits } : undefined;
  };
  const bySentence = sentences.map(asking);
  // An opening that only announces the asks ("I need your help with some tasks.") is context once a later one asks.
  if (announcesAsks(sentences[0]!) && bySentence.some((part, at) => at > 0 && part !== undefined))
    bySentence[0] = undefined;
  if (bySentence.filter((part) => part !== undefined).length < 2) return [];
  return sentences.flatMap((sentence, at) => {
    const clauses = clausesOf(sentence);
    const asked = clauses.length === 1 ? [] : clauses.map(asking).filter((part) => part !== undefined);
    // A sentence none of whose clauses asks on its own is one part, as it was.
    return asked.length > 0 ? asked : bySentence[at] === undefined ? [] : [bySentence[at]];
  });
}

/** One part of a request: its weight and its own ranking, best first. */
export interface RankedPart {
  readonly weight: number;
  readonly hits: readonly RankedMatch[];
}

/**
 * Places filled in proportion to the parts (PM2, Dang and Croft 2012, with the request's sentences as its aspects):
 * each place goes to the part with the highest quotient `weight / (2 × seats + 1)`, to the candidate that best
 * serves it (and the others a little: `0.5 × its share of the chosen part + 0.5 × the others' quotient-weighted
 * shares`), and each part is credited with the pick's share of it. So a part that already has its action gives the
 * next places to the parts that do not, instead of a near-duplicate of its own. The first few places stay the whole
 * request's; after the first 40, the whole request's order goes on. Scores are the whole request's, place by place
 * (so they never increase); `relevant` is each action's own flag, from `relevantOf` for one only a part found.
 */
export function allocateByParts(
  whole: readonly RankedMatch[],
  parts: readonly RankedPart[],
  limit: number,
  relevantOf: (id: string) => boolean,
): RankedMatch[] {
  const count = parts.length;
  // The candidates (the whole request's first places, then each part's), and each one's share of each part.
  const numbers = new Map<string, number>();
  // Each of the whole request's first places, by id (its first place), keeping its own flag.
  const own = new Map<string, RankedMatch>();
  for (const hit of whole.slice(0, PLACES)) {
    if (numbers.has(hit.id)) continue;
    numbers.set(hit.id, numbers.size);
    own.set(hit.id, hit);
  }
  for (const { hits } of parts)
    for (const hit of hits) if (!numbers.has(hit.id)) numbers.set(hit.id, numbers.size);
  const candidates = [...numbers.keys()];
  const shares = new Float64Array(candidates.length * count);
  parts.forEach(({ hits }, part) => {
    const best = hits[0]!.score;
    for (const hit of hits) {
      shares[numbers.get(hit.id)! * count + part] = best > 0 ? (hit.score / best) ** SHARPNESS : 0;
    }
  });
  const seats = new Float64Array(count);
  const quotients = new Float64Array(count);
  const taken = new Uint8Array(candidates.length);
  const picked: string[] = [];
  const take = (candidate: number) => {
    picked.push(candidates[candidate]!);
    taken[candidate] = 1;
    let total = 0;
    for (let part = 0; part < count; part++) total += shares[candidate * count + part]!;
    if (total === 0) return;
    for (let part = 0; part < count; part++) seats[part]! += shares[candidate * count + part]! / total;
  };
  // One of the whole request's first places is kept when it is also a part's best: the two agree on it. Another (a
  // near-duplicate of a part's best, or an action of words the parts share) is left to the allocation.
  const partsBest = (candidate: number) => {
    for (let part = 0; part < count; part++) if (shares[candidate * count + part]! >= 1) return true;
    return false;
  };
  for (const hit of whole.slice(0, Math.min(KEPT, limit))) {
    const candidate = numbers.get(hit.id)!;
    if (taken[candidate] === 0 && partsBest(candidate)) take(candidate);
  }
  const places = Math.min(limit, PLACES, candidates.length);
  // Each candidate's parts of a share above 0, in part order (where the sum of its gain reads them), after its start.
  const starts = new Int32Array(candidates.length + 1);
  const shared: number[] = [];
  const sharedShares: number[] = [];
  for (let candidate = 0; candidate < candidates.length; candidate++) {
    for (let part = 0; part < count; part++) {
      const share = shares[candidate * count + part]!;
      if (share > 0) {
        shared.push(part);
        sharedShares.push(share);
      }
    }
    starts[candidate + 1] = shared.length;
  }
  // Each part's weight in a gain this round: its quotient, times CHOSEN for the chosen part and 1 − CHOSEN else.
  const weighted = new Float64Array(count);
  while (picked.length < places) {
    let chosen = 0;
    for (let part = 0; part < count; part++) {
      quotients[part] = parts[part]!.weight / (2 * seats[part]! + 1);
      if (quotients[part]! > quotients[chosen]!) chosen = part;
    }
    for (let part = 0; part < count; part++)
      weighted[part] = (part === chosen ? CHOSEN : 1 - CHOSEN) * quotients[part]!;
    let best = -1;
    let bestGain = -1;
    for (let candidate = 0; candidate < candidates.length; candidate++) {
      if (taken[candidate] === 1) continue;
      let gain = 0;
      for (let at = starts[candidate]!; at < starts[candidate + 1]!; at++)
        gain += weighted[shared[at]!]! * sharedShares[at]!;
      if (gain > bestGain) {
        bestGain = gain;
        best = candidate;
      }
    }
    take(best);
  }
  // Each pick keeps its own flag; after the allocated places, the whole request's order goes on.
  const placed = new Set(picked);
  const found = picked.map((id) => own.get(id) ?? { id, score: 0, relevant: relevantOf(id) });
  for (let at = 0; at < whole.length && found.length < limit; at++) {
    if (!placed.has(whole[at]!.id)) found.push(whole[at]!);
  }
  const last = whole.length > 0 ? whole[whole.length - 1]!.score : 0;
  return found.map((hit, at) => ({ id: hit.id, score: whole[at]?.score ?? last, relevant: hit.relevant }));
}

/** The whole request's matches, their places allocated by the parts when it has two or more (else as they are). */
export function byParts(
  whole: readonly RankedMatch[],
  parts: readonly RankedPart[],
  limit: number,
  relevantOf: (id: string) => boolean,
): RankedMatch[] {
  return parts.length < 2 ? [...whole] : allocateByParts(whole, parts, limit, relevantOf);
}

/** Whether an action the parts found is relevant to the whole request: by its threshold, or the set that passed it. */
export function flagsOf(
  relevant: number | ReadonlySet<string>,
  found: ReadonlyMap<string, { readonly relevance: number }>,
): (id: string) => boolean {
  return (id) =>
    typeof relevant === 'number' ? (found.get(id)?.relevance ?? 0) >= relevant : relevant.has(id);
}
