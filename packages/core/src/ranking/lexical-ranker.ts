import { type Candidate, keepBest } from './best-candidates.js';
import { DEFAULT_B, DEFAULT_WEIGHTS, documentTerms, FIELDS } from './document-terms.js';
import { checkGroundingWeights } from './grounding.js';
import { createGroupContext } from './group-context.js';
import { createInputProviders } from './input-providers.js';
import { createJoinedWords } from './joined-words.js';
import { createLexicalGrounding } from './lexical-grounding.js';
import { createLexicalPass } from './lexical-pass.js';
import type { Explained, Explaining, LexicalRanker, LexicalRankerOptions } from './lexical-ranker-types.js';
import { type PlanSettings, recallSettings } from './query-plan.js';
import { hasTerms } from './query-terms.js';
import { DEFAULT_RELEVANCE_WEIGHTS, type RelevanceWeights, relevanceOf } from './relevance.js';
import { byParts, flagsOf, PART_HEAD, PART_POOL, rankParts } from './request-parts.js';
import { createResultFile } from './result-file.js';
import { createTermIndex } from './term-index.js';
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
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const novelty = options.novelty ?? 0.5;
  const groups = createGroupContext(options.groupContext ?? 0.3);
  const providers = createInputProviders(options.inputProviders ?? 0.5);
  const results = createResultFile(options.resultFile ?? 0.7);
  const bySentence = options.bySentence ?? true;
  const parts: RelevanceWeights = { ...DEFAULT_RELEVANCE_WEIGHTS, ...options.relevance };
  if (options.grounding) checkGroundingWeights(options.grounding);
  const grounding = options.grounding ? createLexicalGrounding(index, options.grounding) : undefined;
  const boost = options.grounding?.boost ?? 0;
  const pass = createLexicalPass(index, {
    k1: options.k1 ?? 1.2,
    nameWeight: weights[0]!,
    descriptionWeight: weights[2]!,
    priorDocuments: options.priorDocuments ?? 20,
    nameBoost: options.nameBoost ?? 1,
    variantWeight: options.variantWeight ?? 0.6,
    prefixWeight: options.prefixWeight ?? 0.7,
    grounding,
  });
  const { plan, collect } = pass;

  // The recall-first plan (`match`) looks a term the registry holds up alone (its variants only stand in for one it
  // does not hold, unless `matchVariants: 'all'`), and a request's unknown words by their synonyms too.
  const knownVariants = options.matchVariants === 'all';
  // … and a word written as one where a name writes two by those two as well ("copyediting": `performCopyEditing`).
  const joined = createJoinedWords();
  const recall = recallSettings(plan, knownVariants, undefined, 0, joined.split);
  const synonymsOf = options.synonyms ? stemmedSynonyms(options.synonyms) : undefined;
  const expanded = recallSettings(
    plan,
    knownVariants,
    synonymsOf,
    options.synonymWeight ?? 0.5,
    joined.split,
  );

  const verbatim = createVerbatimExamples();

  // Marks the slots a pass is to explain besides its hits (cleared after each call).
  const withWanted = createWantedSlots(index);

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
      const said = verbatim.find(query);
      if (explaining?.keptOrder) explaining.kept = said.map((id) => ({ id, score: 1 }));
      // Explained as `explain` gives them, wanted or not (they are the whole answer; the word-vector ranker reads
      // their relevance here).
      if (explaining) for (const id of said) explaining.found.set(id, saidInFull(id));
      return said
        .slice(0, limit)
        .map((id) =>
          flag === undefined ? { id, score: 1 } : ({ id, score: 1, relevant: true } as RankedMatch),
        );
    }
    const head = Math.max(DIVERSIFIED, Number.isFinite(limit) ? limit : 0);
    const top: Candidate[] = [];
    const rest: Candidate[] = [];
    const floor = Number.isFinite(limit) ? () => (top.length >= head ? top[head - 1]!.order : 0) : () => 0;
    const reordered = collect(
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
      amount > 0 ? reordered(items, amount) : items.map((item, at) => ({ index: at, score: item.order }));
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
      const placed = byParts(groups.lift(matches, count), asked, count, flags);
      explaining.matches = results.lift(query, providers.lift(placed, count), count);
      // Each match explained as well (after placing, which reads only what was explained before): one of the head
      // as it is there, one only the parts placed as this pass explained it for them.
      if (explaining.explainMatches) {
        for (const item of own) {
          const id = index.idOf(item.slot);
          if (!found.has(id)) found.set(id, explanationOf(item));
        }
        for (const [id, explained] of partsFound ?? []) if (!found.has(id)) found.set(id, explained);
      }
    }
    if (explaining?.keptOrder) {
      // What `rank(query)` keeps of the head, as it orders it: the relevant, the first few reordered for novelty
      // among themselves (not among the whole head), the rest by order, scaled below them.
      const relevant = top.filter((item) => item.relevance >= threshold);
      const own = relevant.slice(0, DIVERSIFIED);
      explaining.kept = reorderOf(own, novelty).map(({ index: at, score }) => ({
        id: index.idOf(own[at]!.slot),
        score,
      }));
      for (let at = DIVERSIFIED; at < relevant.length; at++)
        explaining.kept.push({
          id: index.idOf(relevant[at]!.slot),
          score: relevant[at]!.order * (1 - novelty),
        });
    }
    // With `flag` (what `search` finds relevant, or its threshold), each hit also says whether it is relevant.
    const hitOf = (item: Candidate, score: number): RankHit => {
      const id = index.idOf(item.slot);
      if (flag === undefined) return { id, score };
      const relevant = typeof flag === 'number' ? item.relevance >= flag : flag.has(id);
      return { id, score, relevant } as RankedMatch;
    };
    // With `firstHitOnly`, the first only (the rest past the head neither answered nor explained).
    const answered = explaining?.firstHitOnly ? kept.slice(0, 1) : kept;
    const beyond = explaining?.firstHitOnly ? [] : rest;
    const hits: RankHit[] = answered.map(({ index: at, score }) => hitOf(top[at]!, score));
    if (beyond.length > 0) {
      beyond.sort((a, b) => b.order - a.order);
      for (const item of beyond) hits.push(hitOf(item, item.order * (1 - reorder)));
    }
    if (explaining && !explaining.onlyWanted) {
      // A hit's relevance is the one `explain` gives: grounding is always worked out for a passing document.
      // With `firstHitOnly`, only the first and (with `keptOrder`) the relevant ones.
      const { firstHitOnly, keptOrder } = explaining;
      for (let at = 0; at < kept.length; at++) {
        const item = top[kept[at]!.index]!;
        if (!firstHitOnly || at === 0 || (keptOrder && item.relevance >= threshold))
          explaining.found.set(index.idOf(item.slot), explanationOf(item));
      }
      for (const item of beyond) explaining.found.set(index.idOf(item.slot), explanationOf(item));
    }
    return hits;
  };

  /** An action one of whose examples is the request, word for word: it answers the request fully. */
  const saidInFull = (id: string): Explained => ({
    id,
    score: 1,
    relevance: 1,
    components: { query: 1, name: 1, about: 0 },
  });

  const explanationOf = (item: Omit<Candidate, 'mask'>): Explained => ({
    id: index.idOf(item.slot),
    score: item.order,
    relevance: item.relevance,
    components: { query: item.share, name: item.name, about: item.about },
  });

  const matchOf = (query: string, limit: number) =>
    results.lift(query, providers.lift(contextual(query, limit), limit), limit);
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
      results.add(document);
      joined.add(document);
      verbatim.add(document.id, document.examples);
      grounding?.add(document);
      pass.changed();
    },
    remove(id) {
      groups.remove(id);
      providers.remove(id);
      results.remove(id);
      joined.remove(id);
      grounding?.remove(id);
      verbatim.remove(id);
      if (index.remove(id)) pass.changed();
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
      const { limit, matchLimit, matchPlan = false, keptOrder = false, firstHitOnly = false } = rankOptions;
      const minimum = rankOptions.threshold ?? threshold;
      // `match` shares the pass when it ranks as this one does (no threshold, no synonyms, its plan, a head within
      // this); the parts of a many-sentence request are ranked first, and the pass explains their hits too.
      const shared =
        matchLimit !== undefined &&
        minimum === 0 &&
        expanded.synonymsOf === undefined &&
        (knownVariants || matchPlan) &&
        Number.isInteger(matchLimit) &&
        matchLimit >= 0 &&
        matchLimit <= Math.max(DIVERSIFIED, limit) &&
        hasTerms(query);
      const asked = shared && bySentence ? rankParts(query, rankPart) : [];
      return withWanted(rankOptions.also ?? [], (wanted) => {
        const found = new Map<string, Explained>();
        const partsFound = new Map<string, Explained>();
        const unmark = markParts(index, wanted, asked);
        const sharing = shared ? { matchLimit, parts: asked, partsFound, explainMatches: matchPlan } : {};
        // Unless the matches come from this pass, its hits stand in for their explanations: all of them are kept.
        const onlyFirst = firstHitOnly && (matchLimit === undefined || shared);
        const explaining: Explaining = { wanted, found, keptOrder, firstHitOnly: onlyFirst, ...sharing };
        const hits = ranked(
          query,
          minimum,
          limit,
          explaining,
          undefined,
          onlyFirst ? 0 : novelty,
          matchPlan ? expanded : plan,
        );
        unmark();
        const kept = explaining.kept ? { kept: explaining.kept } : {};
        if (matchLimit === undefined) return { hits, explained: found, ...kept };
        return { hits, explained: found, ...kept, matches: explaining.matches ?? matchOf(query, matchLimit) };
      });
    },
    explain(query) {
      if (!hasTerms(query)) return verbatim.find(query).map(saidInFull);
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
