import { type Candidate, keepBest } from './best-candidates.js';
import { type Aspect, aspectsOf, diversify } from './diversify.js';
import { DEFAULT_B, DEFAULT_WEIGHTS, documentTerms, FIELDS } from './document-terms.js';
import { checkGroundingWeights } from './grounding.js';
import { createGroupContext } from './group-context.js';
import { createInputProviders } from './input-providers.js';
import { createLexicalGrounding } from './lexical-grounding.js';
import type {
  Explained,
  Explaining,
  LexicalRanker,
  LexicalRankerOptions,
  Visit,
} from './lexical-ranker-types.js';
import { type PlanSettings, planQuery, recallSettings } from './query-plan.js';
import { hasTerms, LIGHT_WEIGHT } from './query-terms.js';
import {
  DEFAULT_RELEVANCE_WEIGHTS,
  exampleCoverage,
  type RelevanceWeights,
  relevanceOf,
} from './relevance.js';
import { byParts, flagsOf, PART_HEAD, PART_POOL, rankParts } from './request-parts.js';
import { createTermIndex } from './term-index.js';
import { isLightTerm } from './tokenize.js';
import type { RankedMatch, RankHit } from './types.js';
import { createVerbatimExamples } from './verbatim-examples.js';
import { createWantedSlots, markParts } from './wanted-slots.js';
import { stemmedSynonyms } from './wordnet-synonyms.js';

export { DEFAULT_WEIGHTS } from './document-terms.js';
export type {
  Explained,
  LexicalRanker,
  LexicalRankerOptions,
  RankedAndExplained,
} from './lexical-ranker-types.js';
export { tokenize } from './tokenize.js';

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
  const groups = createGroupContext(options.groupContext ?? 0.3);
  const providers = createInputProviders(options.inputProviders ?? 0.5);
  const bySentence = options.bySentence ?? true;
  const parts: RelevanceWeights = { ...DEFAULT_RELEVANCE_WEIGHTS, ...options.relevance };
  if (options.grounding) checkGroundingWeights(options.grounding);
  const grounding = options.grounding ? createLexicalGrounding(index, options.grounding) : undefined;
  const boost = options.grounding?.boost ?? 0;
  const plan = {
    idf,
    variantWeight: options.variantWeight ?? 0.6,
    prefixWeight: options.prefixWeight ?? 0.7,
    synonymWeight: 0,
    get maxFrequency() {
      return maxFrequency;
    },
  };

  // The recall-first plan (`match`) looks a term the registry holds up alone (its variants only stand in for one it
  // does not hold, unless `matchVariants: 'all'`), and a request's unknown words by their synonyms too.
  const knownVariants = options.matchVariants === 'all';
  const recall = recallSettings(plan, knownVariants);
  const synonymsOf = options.synonyms ? stemmedSynonyms(options.synonyms) : undefined;
  const expanded = recallSettings(plan, knownVariants, synonymsOf, options.synonymWeight ?? 0.5);

  const verbatim = createVerbatimExamples();

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
  // Marks the slots a pass is to explain besides its hits (cleared after each call).
  const withWanted = createWantedSlots(index);

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

  /**
   * Score the documents matching the query; `visit` sees each whose BM25F share beats `floor()`, with its order and
   * parts, and each of the `wanted` slots the query matches (told whether it beat the floor); with a floor, the others
   * only when their order is above it too (the caller keeps nothing else).
   */
  const collect = (
    query: string,
    visit: Visit,
    floor?: () => number,
    wanted?: Uint8Array,
    settings: PlanSettings = plan,
  ): ((slot: number, mask: number) => Aspect[]) => {
    const { groups, total, matched } = planQuery(index, query, settings);
    if (groups.length === 0 || total <= 0) return () => [];
    const groundingOfSlot = grounding?.forQuery(query);
    refresh();
    const { slots, sums, marks } = index.accumulate(groups, {
      k1,
      full,
      keyWeight,
    });
    let least = floor?.() ?? 0; // it moves only when a visit keeps a document
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const at = slot * 4;
      // The order is at most the BM25F share: skip documents that cannot beat the ones kept.
      const bm25f = sums[at]! / total;
      const beats = bm25f > least;
      // A wanted document is visited whenever `explain` would list it.
      if (!beats && !(bm25f > 0 && (wanted?.[slot] ?? 0) > 0)) continue;
      totalsOf(slot);
      const nameTotal = nameTotals[slot]!;
      const aboutTotal = aboutTotals[slot]!;
      // A short query can only name a few of an action's words: it is measured against at most its own weight.
      const named = nameTotal > 0 ? Math.min(1, sums[at + 2]! / Math.min(nameTotal, total)) : 0;
      const about = aboutTotal > 0 ? Math.min(1, sums[at + 3]! / Math.min(aboutTotal, total)) : 0;
      const share = Math.min(1, sums[at + 1]! / total);
      // An example the query says again names the action as well as its name does.
      const examples = exampleStarts[slot]!;
      const name =
        examples < 0
          ? named
          : Math.max(named, exampleCoverage(index.keyTermsOf(slot), examples, matched, keyWeight));
      const order = (bm25f * (1 + nameBoost * name)) / (1 + nameBoost);
      if (floor && order <= least && !((wanted?.[slot] ?? 0) > 0)) continue;
      visit(slot, order, share, name, about, marks[slot * 2 + 1]!, groundingOfSlot, beats);
      least = floor?.() ?? 0;
    }
    return (slot, mask) => aspectsOf(mask, groups, groups.length > 31 ? index.termsOf(slot) : []);
  };

  /**
   * Passing documents, best first; the first few reordered for novelty, the rest scaled below them. With
   * `explaining`, the explanation of each hit and of each wanted slot the query matches is kept in its `found`.
   */
  const ranked = (
    query: string,
    minimum: number,
    limit: number,
    explaining?: Explaining,
    flag?: ReadonlySet<string> | number,
    reorder = novelty,
    settings: PlanSettings = flag === undefined ? plan : expanded,
  ): RankHit[] => {
    if (!hasTerms(query)) {
      // Nothing to weigh: only an action giving the request as an example answers it, fully.
      const said = verbatim.find(query).slice(0, limit);
      return said.map((id) =>
        flag === undefined ? { id, score: 1 } : ({ id, score: 1, relevant: true } as RankedMatch),
      );
    }
    const head = Math.max(DIVERSIFIED, Number.isFinite(limit) ? limit : 0);
    const top: Candidate[] = [];
    const rest: Candidate[] = [];
    const floor = Number.isFinite(limit) ? () => (top.length >= head ? top[head - 1]!.order : 0) : () => 0;
    const aspects = collect(
      query,
      (slot, order, share, name, about, mask, groundingOfSlot, beats) => {
        const mark = explaining?.wanted[slot] ?? 0;
        if (mark > 0) {
          const relevance = relevanceOf(share, name, about, parts) * (groundingOfSlot?.(slot) ?? 1);
          (mark === 1 ? explaining!.found : explaining!.partsFound!).set(
            index.idOf(slot),
            explanationOf({ slot, order, share, name, about, relevance }),
          );
        }
        // Visited only to be explained, or ordered at or below the floor (a full head's last): it cannot enter.
        if (!beats || order <= floor()) return;
        let relevance = relevanceOf(share, name, about, parts);
        // Grounding lifts a relevance by at most 1 + boost: below that, it need not be worked out.
        if (groundingOfSlot && relevance * (1 + boost) >= minimum) relevance *= groundingOfSlot(slot);
        if (relevance < minimum) return;
        const bumped = keepBest(top, { slot, order, mask, share, name, about, relevance }, head);
        if (bumped && !Number.isFinite(limit)) rest.push(bumped);
      },
      floor,
      explaining?.wanted,
      settings,
    );
    // Best first, reordered for novelty by `amount` (0: as they are).
    const reorderOf = (items: readonly Candidate[], amount: number) =>
      amount > 0
        ? diversify(
            items.map((item) => ({ order: item.order, groups: aspects(item.slot, item.mask) })),
            amount,
          )
        : items.map((item, at) => ({ index: at, score: item.order }));
    const picked = reorderOf(top, reorder);
    const kept = Number.isFinite(limit) ? picked.slice(0, limit) : picked;
    if (explaining?.matchLimit !== undefined) {
      // What `match` answers: the first of these (its floor skips only what its head refuses), reordered alike.
      const own = top.slice(0, Math.max(DIVERSIFIED, explaining.matchLimit));
      const matches = reorderOf(own, novelty).map(({ index: at, score }) => ({
        id: index.idOf(own[at]!.slot),
        score,
        relevant: own[at]!.relevance >= threshold,
      }));
      const { parts: asked = [], partsFound, found, matchLimit: count } = explaining;
      const flags = (id: string) => flagsOf(threshold, partsFound?.has(id) ? partsFound : found)(id);
      explaining.matches = providers.lift(byParts(groups.lift(matches, count), asked, count, flags), count);
    }
    // With `flag` (what `search` finds relevant, or its threshold), each hit also says whether it is relevant.
    const hitOf = (item: Candidate, score: number): RankHit => {
      const id = index.idOf(item.slot);
      if (flag === undefined) return { id, score };
      const relevant = typeof flag === 'number' ? item.relevance >= flag : flag.has(id);
      return { id, score, relevant } as RankedMatch;
    };
    const hits: RankHit[] = kept.map(({ index: at, score }) => hitOf(top[at]!, score));
    if (rest.length > 0) {
      rest.sort((a, b) => b.order - a.order);
      for (const item of rest) hits.push(hitOf(item, item.order * (1 - reorder)));
    }
    if (explaining && !explaining.onlyWanted) {
      // A hit's relevance is the one `explain` gives: grounding is always worked out for a passing document.
      for (const { index: at } of kept)
        explaining.found.set(index.idOf(top[at]!.slot), explanationOf(top[at]!));
      for (const item of rest) explaining.found.set(index.idOf(item.slot), explanationOf(item));
    }
    return hits;
  };

  const explanationOf = (item: Omit<Candidate, 'mask'>): Explained => ({
    id: index.idOf(item.slot),
    score: item.order,
    relevance: item.relevance,
    components: { query: item.share, name: item.name, about: item.about },
  });

  const matchOf = (query: string, limit: number) => providers.lift(contextual(query, limit), limit);
  const contextual = (query: string, limit: number): RankedMatch[] => {
    // Recall first: every match, synonyms included; flagged by the threshold's answer, which has none.
    const relevant = expanded.synonymsOf
      ? new Set(ranked(query, threshold, Number.POSITIVE_INFINITY).map((hit) => hit.id))
      : threshold;
    const pool = Number.isFinite(limit) ? Math.max(DIVERSIFIED, limit) : limit;
    // A request of several sentences: each ranked on its own (no novelty), its places allocated by the parts.
    const parts = bySentence ? rankParts(query, rankPart) : [];
    if (parts.length < 2)
      return groups.lift(ranked(query, 0, pool, undefined, relevant) as RankedMatch[], limit);
    return withWanted(
      parts.flatMap((part) => part.hits.map((hit) => hit.id)),
      (wanted) => {
        const found = new Map<string, Explained>();
        const whole = ranked(query, 0, pool, { wanted, found, onlyWanted: true }, relevant) as RankedMatch[];
        return byParts(groups.lift(whole, limit), parts, limit, flagsOf(relevant, found));
      },
    );
  };
  // A part of a many-sentence request, flagged by its own threshold (a part nothing is relevant to is context).
  const rankPart = (part: string) =>
    groups.lift(ranked(part, 0, PART_POOL, undefined, threshold, 0, recall) as RankedMatch[], PART_HEAD);

  return {
    get size() {
      return index.size;
    },
    add(document) {
      index.add(documentTerms(document));
      groups.add(document);
      providers.add(document);
      verbatim.add(document.id, document.examples);
      grounding?.add(document);
      version++;
      maxFrequency = (index.size + prior) / 2;
    },
    remove(id) {
      groups.remove(id);
      providers.remove(id);
      grounding?.remove(id);
      verbatim.remove(id);
      if (index.remove(id)) {
        version++;
        maxFrequency = (index.size + prior) / 2;
      }
    },
    search(query) {
      return new Map(ranked(query, threshold, Number.POSITIVE_INFINITY).map((hit) => [hit.id, hit.score]));
    },
    match(query, matchOptions = {}) {
      return matchOf(query, matchOptions.limit ?? Number.POSITIVE_INFINITY);
    },
    rank(query, rankOptions = {}) {
      return ranked(query, rankOptions.threshold ?? threshold, rankOptions.limit ?? Number.POSITIVE_INFINITY);
    },
    rankExplained(query, rankOptions) {
      const { limit, matchLimit } = rankOptions;
      const minimum = rankOptions.threshold ?? threshold;
      // `match` shares the pass when it ranks as this one does (no threshold, no synonyms, a head within this); the
      // parts of a many-sentence request are ranked first, and the pass explains their hits too.
      const shared =
        matchLimit !== undefined &&
        minimum === 0 &&
        expanded.synonymsOf === undefined &&
        knownVariants &&
        Number.isInteger(matchLimit) &&
        matchLimit >= 0 &&
        matchLimit <= Math.max(DIVERSIFIED, limit) &&
        hasTerms(query);
      const asked = shared && bySentence ? rankParts(query, rankPart) : [];
      return withWanted(rankOptions.also ?? [], (wanted) => {
        const found = new Map<string, Explained>();
        const partsFound = new Map<string, Explained>();
        const unmark = markParts(index, wanted, asked);
        const sharing = shared ? { matchLimit, parts: asked, partsFound } : {};
        const explaining: Explaining = { wanted, found, ...sharing };
        const hits = ranked(query, minimum, limit, explaining);
        unmark();
        if (matchLimit === undefined) return { hits, explained: found };
        return { hits, explained: found, matches: explaining.matches ?? matchOf(query, matchLimit) };
      });
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
