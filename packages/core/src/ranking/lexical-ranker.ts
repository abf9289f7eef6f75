import { diversify } from './diversify.js';
import { documentTerms, FIELDS, type RankField } from './document-terms.js';
import { checkGroundingWeights, type GroundingWeights } from './grounding.js';
import { createLexicalGrounding } from './lexical-grounding.js';
import { planQuery } from './query-plan.js';
import { LIGHT_WEIGHT } from './query-terms.js';
import {
  type Components,
  DEFAULT_RELEVANCE_WEIGHTS,
  type RelevanceWeights,
  relevanceOf,
} from './relevance.js';
import { createTermIndex, type QueryGroup } from './term-index.js';
import { isLightTerm } from './tokenize.js';
import type { Ranker, RankHit } from './types.js';

export { tokenize } from './tokenize.js';

/** Settings of the lexical ranker; every one has a default. */
export interface LexicalRankerOptions {
  /** BM25F weight of each field. */
  readonly weights?: Partial<Record<RankField, number>>;
  /** BM25F length normalisation of each field (0 none, 1 full). */
  readonly b?: Partial<Record<RankField, number>>;
  /** BM25 term-frequency saturation (default 1.2). */
  readonly k1?: number;
  /** Documents whose relevance is below this are left out of `search` and `rank` (default 0.3). */
  readonly threshold?: number;
  /** Weights of the relevance's parts: query coverage, name coverage, description coverage (default 1, 3, 2). */
  readonly relevance?: Partial<RelevanceWeights>;
  /** Pseudo-documents added to the collection size in IDF, so tiny registries still weigh terms (default 20). */
  readonly priorDocuments?: number;
  /** Share of a match that a variant the stemmer missed ("analysis" for "analyze") is worth (default 0.6; 0 off). */
  readonly variantWeight?: number;
  /** Share of a match that a completion of the last word of a short query is worth (default 0.7; 0 off). */
  readonly prefixWeight?: number;
  /** How much covering the action's whole name lifts its score: 1 doubles it (default 1). */
  readonly nameBoost?: number;
  /** How much the best few are reordered to cover more parts of a many-part request (0 off, default 0.5). */
  readonly novelty?: number;
  /**
   * Argument grounding (default off): scale the relevance by how far the request can fill the action's required
   * parameters. For "can this be called from this request?", not for a palette; see docs/ranking.md.
   */
  readonly grounding?: GroundingWeights;
}

/** A document's score (its order), its relevance (what the threshold is compared with) and the relevance's parts. */
export interface Explained extends RankHit {
  readonly relevance: number;
  readonly components: Components;
}

/** A ranker that also answers ranked, limited lists and explains its scores. */
export interface LexicalRanker extends Ranker {
  readonly size: number;
  /**
   * The best documents for `query` whose relevance reaches the threshold, best first, each scored in (0, 1): the
   * IDF-weighted share of the query it matches (a match in several weighted fields counts more), lifted by how much
   * of its name the query covers.
   */
  rank(query: string, options?: { readonly limit?: number; readonly threshold?: number }): RankHit[];
  /** Every document matching any query term, with its relevance and the parts of it, unsorted and unfiltered. */
  explain(query: string): Explained[];
}

/** Default BM25F field weights: a name or example match says more than a parameter description. */
export const DEFAULT_WEIGHTS: Readonly<Record<RankField, number>> = {
  name: 3,
  title: 2.5,
  description: 1,
  examples: 2,
  tags: 1.5,
  category: 0.5,
  parameterNames: 0.8,
  parameterText: 0.4,
};

const DEFAULT_B: Readonly<Record<RankField, number>> = {
  name: 0.3,
  title: 0.3,
  description: 0.75,
  examples: 0.5,
  tags: 0.3,
  category: 0.3,
  parameterNames: 0.5,
  parameterText: 0.75,
};

/** The relevance below which a document is left out: see docs/ranking.md for how it was chosen. */
export const DEFAULT_THRESHOLD = 0.3;

/** How many of the best are reordered for novelty. */
const DIVERSIFIED = 30;

/** A BM25F ranker over action names, titles, descriptions, examples, tags, categories and parameters. */
export function createLexicalRanker(options: LexicalRankerOptions = {}): LexicalRanker {
  const weights = FIELDS.map((field) => options.weights?.[field] ?? DEFAULT_WEIGHTS[field]);
  const index = createTermIndex({
    weights,
    b: FIELDS.map((field) => options.b?.[field] ?? DEFAULT_B[field]),
  });
  const k1 = options.k1 ?? 1.2;
  // A query term matched in the name and the description counts as fully matched.
  const full = (weights[0]! + weights[2]!) / (k1 + weights[0]! + weights[2]!);
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const prior = options.priorDocuments ?? 20;
  const nameBoost = options.nameBoost ?? 1;
  const novelty = options.novelty ?? 0.5;
  const parts: RelevanceWeights = { ...DEFAULT_RELEVANCE_WEIGHTS, ...options.relevance };
  if (options.grounding) checkGroundingWeights(options.grounding);
  const grounding = options.grounding ? createLexicalGrounding(index, options.grounding) : undefined;
  const boost = options.grounding?.boost ?? 0;
  const plan = {
    idf,
    variantWeight: options.variantWeight ?? 0.6,
    prefixWeight: options.prefixWeight ?? 0.7,
    get maxFrequency() {
      return maxFrequency;
    },
  };

  // Key weights and each document's key totals depend on the collection: cached until the next add or remove.
  let version = 1;
  let maxFrequency = prior / 2;
  let weightsVersion = 0;
  let keyWeights = new Float64Array(0);
  let totalsVersion = new Int32Array(0);
  let nameTotals = new Float64Array(0);
  let aboutTotals = new Float64Array(0);
  // Where a document's example key groups start in its key terms (-1: it has none).
  let exampleStarts = new Int32Array(0);

  function idf(frequency: number): number {
    const documents = index.size + prior;
    return Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
  }

  const keyWeight = (termId: number): number => {
    let weight = keyWeights[termId]!;
    if (Number.isNaN(weight)) {
      const frequency = index.documentFrequency(termId);
      const light = isLightTerm(index.termOf(termId)) ? LIGHT_WEIGHT : 1;
      weight = frequency > plan.maxFrequency ? 0 : idf(frequency) * light;
      keyWeights[termId] = weight;
    }
    return weight;
  };

  const refresh = () => {
    if (weightsVersion === version && keyWeights.length >= index.termCapacity) return;
    keyWeights = new Float64Array(index.termCapacity + 64).fill(Number.NaN);
    if (totalsVersion.length < index.slotCapacity) {
      totalsVersion = new Int32Array(index.slotCapacity + 64);
      nameTotals = new Float64Array(index.slotCapacity + 64);
      aboutTotals = new Float64Array(index.slotCapacity + 64);
      exampleStarts = new Int32Array(index.slotCapacity + 64);
    }
    weightsVersion = version;
  };

  const totalsOf = (slot: number) => {
    if (totalsVersion[slot] !== version) {
      let name = 0;
      let about = 0;
      let group = 0;
      const keys = index.keyTermsOf(slot);
      exampleStarts[slot] = -1;
      for (let at = 0; at < keys.length; at++) {
        const key = keys[at]!;
        if (key < 0 && ++group === 2) {
          exampleStarts[slot] = at;
          break;
        }
        if (key < 0) continue;
        if (group === 0) name += keyWeight(key);
        else about += keyWeight(key);
      }
      nameTotals[slot] = name;
      aboutTotals[slot] = about;
      totalsVersion[slot] = version;
    }
  };

  /** Score the documents matching the query; `visit` sees each whose BM25F share beats `floor()`, with its order and parts. */
  const collect = (
    query: string,
    visit: Visit,
    floor: () => number = () => 0,
  ): ((slot: number, mask: number) => Aspect[]) => {
    const { groups, total, matched } = planQuery(index, query, plan);
    if (groups.length === 0 || total <= 0) return () => [];
    const groundingOfSlot = grounding?.forQuery(query);
    refresh();
    const { slots, values, covered, nameHits, aboutHits, groupMasks } = index.accumulate(groups, {
      k1,
      full,
      keyWeight,
    });
    for (let i = 0; i < slots.length; i++) {
      // The order is at most the BM25F share: skip documents that cannot beat the ones kept.
      if (values[i]! / total <= floor()) continue;
      const slot = slots[i]!;
      totalsOf(slot);
      const nameTotal = nameTotals[slot]!;
      const aboutTotal = aboutTotals[slot]!;
      // A short query can only name a few of an action's words: it is measured against at most its own weight.
      const named = nameTotal > 0 ? Math.min(1, nameHits[i]! / Math.min(nameTotal, total)) : 0;
      const about = aboutTotal > 0 ? Math.min(1, aboutHits[i]! / Math.min(aboutTotal, total)) : 0;
      const share = Math.min(1, covered[i]! / total);
      // An example the query says again names the action as well as its name does.
      const examples = exampleStarts[slot]!;
      const name =
        examples < 0
          ? named
          : Math.max(named, exampleCoverage(index.keyTermsOf(slot), examples, matched, keyWeight));
      const order = ((values[i]! / total) * (1 + nameBoost * name)) / (1 + nameBoost);
      visit(slot, order, share, name, about, groupMasks[i]!, groundingOfSlot);
    }
    return (slot, mask) => aspectsOf(mask, groups, groups.length > 31 ? index.termsOf(slot) : []);
  };

  /** Passing documents, best first; the first few reordered for novelty, the rest scaled below them. */
  const ranked = (query: string, minimum: number, limit: number): RankHit[] => {
    const head = Math.max(DIVERSIFIED, Number.isFinite(limit) ? limit : 0);
    const top: Candidate[] = [];
    const rest: Candidate[] = [];
    const floor = Number.isFinite(limit) ? () => (top.length >= head ? top[head - 1]!.order : 0) : () => 0;
    const aspects = collect(
      query,
      (slot, order, share, name, about, mask, groundingOfSlot) => {
        if (order <= 0) return;
        let relevance = relevanceOf(share, name, about, parts);
        // Grounding lifts a relevance by at most 1 + boost: below that, it need not be worked out.
        if (groundingOfSlot && relevance * (1 + boost) >= minimum) relevance *= groundingOfSlot(slot);
        if (relevance < minimum) return;
        const bumped = keepBest(top, { slot, order, mask }, head);
        if (bumped && !Number.isFinite(limit)) rest.push(bumped);
      },
      floor,
    );
    const picked =
      novelty > 0
        ? diversify(
            top.map((item) => ({ order: item.order, groups: aspects(item.slot, item.mask) })),
            novelty,
          )
        : top.map((item, at) => ({ index: at, score: item.order }));
    const hits: RankHit[] = picked.map(({ index: at, score }) => ({ id: index.idOf(top[at]!.slot), score }));
    if (rest.length > 0) {
      rest.sort((a, b) => b.order - a.order);
      for (const item of rest) hits.push({ id: index.idOf(item.slot), score: item.order * (1 - novelty) });
    }
    return Number.isFinite(limit) ? hits.slice(0, limit) : hits;
  };

  return {
    get size() {
      return index.size;
    },
    add(document) {
      index.add(documentTerms(document));
      grounding?.add(document);
      version++;
      maxFrequency = (index.size + prior) / 2;
    },
    remove(id) {
      grounding?.remove(id);
      if (index.remove(id)) {
        version++;
        maxFrequency = (index.size + prior) / 2;
      }
    },
    search(query) {
      return new Map(ranked(query, threshold, Number.POSITIVE_INFINITY).map((hit) => [hit.id, hit.score]));
    },
    rank(query, rankOptions = {}) {
      return ranked(query, rankOptions.threshold ?? threshold, rankOptions.limit ?? Number.POSITIVE_INFINITY);
    },
    explain(query) {
      const found: Explained[] = [];
      collect(query, (slot, order, share, name, about, _mask, groundingOfSlot) =>
        found.push({
          id: index.idOf(slot),
          score: order,
          relevance: relevanceOf(share, name, about, parts) * (groundingOfSlot?.(slot) ?? 1),
          components: { query: share, name, about },
        }),
      );
      return found;
    },
  };
}

type Visit = (
  slot: number,
  order: number,
  share: number,
  name: number,
  about: number,
  groupMask: number,
  /** The argument-grounding factor of a document's relevance; absent without grounding. */
  groundingOfSlot: ((slot: number) => number) | undefined,
) => void;

interface Candidate {
  readonly slot: number;
  readonly order: number;
  /** The query groups (0 to 30) it matches, as bits. */
  readonly mask: number;
}

interface Aspect {
  readonly group: number;
  readonly weight: number;
}

/** Insert into a best-first list kept to `count` items; returns the item that fell off, if any. */
function keepBest(top: Candidate[], item: Candidate, count: number): Candidate | undefined {
  if (top.length >= count && item.order <= top[top.length - 1]!.order) return item;
  let at = top.length;
  while (at > 0 && top[at - 1]!.order < item.order) at--;
  top.splice(at, 0, item);
  return top.length > count ? top.pop() : undefined;
}

/** The best share of one example's key weight the query matches; examples are the key groups from `start` (a -1). */
function exampleCoverage(
  keys: readonly number[],
  start: number,
  matched: ReadonlyMap<number, number>,
  weightOf: (termId: number) => number,
): number {
  let best = 0;
  let total = 0;
  let hit = 0;
  for (let at = start + 1; at <= keys.length; at++) {
    const key = at < keys.length ? keys[at]! : -1;
    if (key < 0) {
      if (total > 0) best = Math.max(best, hit / total);
      total = 0;
      hit = 0;
      continue;
    }
    const weight = weightOf(key);
    total += weight;
    hit += weight * (matched.get(key) ?? 0);
  }
  return Math.min(1, best);
}

/** The query groups a document matches: the first 31 from its bit mask, any later ones from its terms. */
function aspectsOf(mask: number, groups: readonly QueryGroup[], terms: readonly number[]): Aspect[] {
  const found: Aspect[] = [];
  for (let at = 0; at < groups.length; at++) {
    const group = groups[at]!;
    const matched =
      at < 31 ? (mask & (1 << at)) !== 0 : group.members.some((member) => terms.includes(member.id));
    if (matched) found.push({ group: at, weight: group.weight });
  }
  return found;
}
