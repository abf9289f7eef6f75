import type { QueryPlan, SynonymGroup } from './query-plan-types.js';
import { type QueryTerm, queryTerms } from './query-terms.js';
import { weighSynonyms } from './synonym-evidence.js';
import type { QueryGroup, TermIndex } from './term-index.js';
import { relatedTerms, termsWithPrefix } from './term-variants.js';

export type { QueryPlan, SynonymGroup } from './query-plan-types.js';

/** How query words are looked up. */
export interface PlanSettings {
  /** Inverse document frequency for a number of documents containing a term. */
  readonly idf: (documentFrequency: number) => number;
  /** Terms in more documents than this say nothing about which one is meant, and are skipped. */
  readonly maxFrequency: number;
  readonly variantWeight: number;
  /**
   * Whether a term the index holds is also looked up by its stemmer-missed variants (default true); false: they
   * stand in only for a term it does not hold, as synonyms do, and every term it holds is one posting list.
   */
  readonly variantsOfKnown?: boolean;
  readonly prefixWeight: number;
  /** The stems of a word's synonyms, when the ranker has synonyms. */
  readonly synonymsOf?: (word: string) => readonly string[];
  readonly synonymWeight: number;
  /**
   * The two words a request's word joins where an action's name writes them apart ("copyediting" for
   * `performCopyEditing`; `JoinedWords.split`): the word is looked up as both too (the recall-first plan only).
   */
  readonly splitJoined?: (word: string, term: string) => readonly [string, string] | undefined;
}

/**
 * The recall-first settings of a ranker's `base` ones: variants only for terms the index does not hold unless
 * `knownVariants`, synonyms when given, and a word also looked up as the two a name writes it as (`splitJoined`).
 */
export function recallSettings(
  base: PlanSettings,
  knownVariants: boolean,
  synonymsOf?: (word: string) => readonly string[],
  synonymWeight = 0,
  splitJoined?: PlanSettings['splitJoined'],
): PlanSettings {
  return {
    splitJoined,
    idf: base.idf,
    variantWeight: base.variantWeight,
    variantsOfKnown: knownVariants,
    prefixWeight: base.prefixWeight,
    synonymsOf,
    synonymWeight,
    get maxFrequency() {
      return base.maxFrequency;
    },
  };
}

const MAX_COMPLETIONS = 24;
/** What each of the two words a held word joins weighs, of the word's own weight. */
const JOINED_WEIGHT = 0.5;
// What a term is in one sorted vocabulary: its id and, once asked, its variants' ids (a new vocabulary is a new
// array, so old entries are dropped; while the array stands, every term in it keeps its id and is held by some
// document). A query's few terms are looked up here rather than in the index's map of every term.
interface TermEntry {
  readonly id: number | undefined;
  variants?: number[];
}
const termCache = new WeakMap<readonly string[], Map<string, TermEntry>>();

function entryOf(index: TermIndex, term: string): TermEntry {
  const sorted = index.sortedTerms();
  let cache = termCache.get(sorted);
  if (!cache) {
    cache = new Map();
    termCache.set(sorted, cache);
  }
  let entry = cache.get(term);
  if (!entry) {
    entry = { id: index.termId(term) };
    if (cache.size < 50_000) cache.set(term, entry);
  }
  return entry;
}

function variantIdsOf(index: TermIndex, entry: TermEntry, term: string): number[] {
  if (!entry.variants) {
    const found: number[] = [];
    for (const variant of relatedTerms(index.sortedTerms(), term)) {
      const id = index.termId(variant);
      if (id !== undefined) found.push(id);
    }
    entry.variants = found;
  }
  return entry.variants;
}

/**
 * Look a query's terms up: each term with its stemmer-missed variants (only a term the index does not hold, with
 * `variantsOfKnown: false`) and its synonyms' stems (`weighSynonyms`), the last word of a short query also
 * completed as a prefix; unknown words the caller means (not values) still count in the total, and terms in most
 * documents are skipped.
 */
export function planQuery(index: TermIndex, query: string, settings: PlanSettings): QueryPlan {
  const groups: QueryGroup[] = [];
  const matched = new Map<number, number>();
  const bySynonym: SynonymGroup[] = [];
  let total = 0;
  let ownTotal = 0;
  const terms = queryTerms(query);
  for (const term of terms) {
    const members: Array<{ id: number; factor: number }> = [];
    const entry = entryOf(index, term.term);
    const exact = entry.id;
    if (exact !== undefined && index.documentFrequency(exact) > settings.maxFrequency) continue;
    if (exact !== undefined) members.push({ id: exact, factor: 1 });
    if (settings.variantWeight > 0 && (exact === undefined || settings.variantsOfKnown !== false)) {
      for (const id of variantIdsOf(index, entry, term.term)) {
        if (index.documentFrequency(id) <= settings.maxFrequency) {
          members.push({ id, factor: settings.variantWeight });
        }
      }
    }
    const direct = members.length;
    // Synonyms stand in for a word the registry does not use: a word it uses (or a variant of it) already says what
    // it means there.
    if (direct === 0 && settings.synonymsOf && settings.synonymWeight > 0 && !term.value) {
      for (const synonym of settings.synonymsOf(term.word)) {
        const id = index.termId(synonym);
        if (
          id !== undefined &&
          index.documentFrequency(id) <= settings.maxFrequency &&
          !members.some((member) => member.id === id)
        ) {
          members.push({ id, factor: settings.synonymWeight });
        }
      }
    }
    const synonyms = members.length - direct;
    if (exact === undefined && settings.prefixWeight > 0 && isCompletable(term, terms)) {
      for (const prefix of new Set([term.word, term.term])) {
        for (const completion of termsWithPrefix(index.sortedTerms(), prefix, MAX_COMPLETIONS)) {
          const id = index.termId(completion);
          if (id !== undefined && !members.some((member) => member.id === id)) {
            members.push({ id, factor: settings.prefixWeight });
          }
        }
      }
    }
    // A word written as one where a name writes two ("copyediting": `performCopyEditing`) is looked up as the two
    // as well (at half its weight when the registry holds it: "copyediting" names the copy-editing category too), or
    // instead when the registry does not hold it.
    const split = term.value ? [] : splitTerms(index, term, settings, members.length > 0 ? JOINED_WEIGHT : 1);
    for (const group of split) {
      groups.push(group);
      total += group.weight;
      ownTotal += group.weight;
      matched.set(group.members[0]!.id, 1);
    }
    if (members.length === 0 && split.length > 0) continue;
    if (members.length === 0) {
      if (!term.value) total += term.weight * settings.idf(0);
      if (!term.value) ownTotal += term.weight * settings.idf(0);
      continue;
    }
    // The term's own rarity when it is indexed; otherwise that of its rarest stand-in.
    const rarity = members.map(({ id }) => settings.idf(index.documentFrequency(id)));
    const weight = term.weight * (exact !== undefined ? rarity[0]! : Math.max(...rarity));
    if (synonyms > 0) bySynonym.push({ group: groups.length, synonyms });
    groups.push({ weight, members });
    total += weight;
    ownTotal += synonyms > 0 ? term.weight * settings.idf(0) : weight;
    for (const { id, factor } of members) matched.set(id, Math.max(matched.get(id) ?? 0, factor));
  }
  // Synonyms (the recall-first plan only) weigh less the more of the request its own words found.
  const plan = { groups, total, matched, bySynonym, ownTotal };
  return settings.synonymsOf ? weighSynonyms(plan) : plan;
}

/** The groups of the two indexed words a term joins (none unless both are indexed and say which action is meant). */
function splitTerms(index: TermIndex, term: QueryTerm, settings: PlanSettings, share: number): QueryGroup[] {
  const split = settings.splitJoined?.(term.word, term.term);
  if (!split) return [];
  const groups: QueryGroup[] = [];
  for (const part of split) {
    const id = index.termId(part);
    if (id === undefined || index.documentFrequency(id) > settings.maxFrequency) return [];
    const weight = share * term.weight * settings.idf(index.documentFrequency(id));
    groups.push({ weight, members: [{ id, factor: 1 }] });
  }
  return groups;
}

/** Only the last word of a short query is completed, as in a command palette while someone types. */
function isCompletable(term: QueryTerm, all: readonly QueryTerm[]): boolean {
  return term.word.length >= 2 && !term.value && all.length <= 3 && term === all[all.length - 1];
}
