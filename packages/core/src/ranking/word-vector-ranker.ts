import { summaryOf } from './action-summary.js';
import {
  checkGroundingWeights,
  type GroundingWeights,
  type RequestValues,
  requestValues,
  requiredValuesOf,
} from './grounding.js';
import { lexicalFirst } from './lexical-first.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { statesLocation, takesLocation } from './location-values.js';
import { createMeanVectorIndex } from './mean-vector-index.js';
import { type Ask, askOf, floorKindOf, lexicalFloorOf, scopedFloorOf } from './short-request-floor.js';
import { createSoftMatch } from './soft-match.js';
import type { RankDocument, RankHit } from './types.js';
import { namesAThing } from './wish-first.js';
import { createWordVectorJudge, type WordVectorEntry, type WordVectorPass } from './word-vector-judge.js';
import { createWordVectorMatch, type RequestSide } from './word-vector-match.js';
import type {
  WordVectorExplained,
  WordVectorRanker,
  WordVectorRankerOptions,
} from './word-vector-ranker-types.js';
import { type WordBag, wordVectorTableOf } from './word-vectors.js';

export type {
  WordVectorExplained,
  WordVectorRanker,
  WordVectorRankerOptions,
} from './word-vector-ranker-types.js';

/** The fused relevance below which a document is left out: see docs/ranking-tuning.md for how it was chosen. */
export const DEFAULT_WORD_VECTOR_THRESHOLD = 0.3;

/** Argument grounding of the word-vector ranker: chosen with its threshold, see docs/ranking-tuning.md. */
export const DEFAULT_GROUNDING: GroundingWeights = { penalty: 1, boost: 1 };

/**
 * Fuse the lexical ranker with soft matching: how much of the action's words (name, title, description, examples,
 * tags; rarity-weighted) the query says or says in other words, each word credited by its best cosine similarity to
 * a query word. Synchronous, and no network: the vectors are data.
 */
export function createWordVectorRanker(options: WordVectorRankerOptions): WordVectorRanker {
  const table = wordVectorTableOf(options.vectors);
  if (options.lexical && (options.synonyms !== undefined || options.bySentence !== undefined))
    throw new TypeError('synonyms and bySentence are for the default lexical ranker: set them on the one passed');
  const lexical =
    options.lexical ??
    // The lexical ranker's defaults, so that `match` keeps its order (stemmer-missed variants only for terms the
    // registry lacks): never worse than it with the recall-first intent (one lexical pass, with `match`'s plan).
    createLexicalRanker({ synonyms: options.synonyms, bySentence: options.bySentence });
  const weight = options.weight ?? 0.5;
  const floor = options.floor ?? 0.4;
  const { low, high } = options.coverage ?? { low: 0.4, high: 1 };
  const grounding = options.grounding ?? DEFAULT_GROUNDING;
  const threshold = options.threshold ?? DEFAULT_WORD_VECTOR_THRESHOLD;
  const candidates = options.candidates ?? 64;
  const nearest = options.nearest ?? 16;
  const lexicalFloor = lexicalFloorOf(options);
  if (!(weight >= 0 && weight <= 1)) throw new RangeError('weight must be between 0 and 1');
  if (!(floor >= 0 && floor < 1)) throw new RangeError('floor must be at least 0 and below 1');
  if (!(high > low)) throw new RangeError('coverage.high must be above coverage.low');
  if (grounding) checkGroundingWeights(grounding);
  if (!(Number.isInteger(candidates) && candidates > 0))
    throw new RangeError('candidates must be a positive integer');
  if (!(Number.isInteger(nearest) && nearest >= 0))
    throw new RangeError('nearest must be a non-negative integer');
  const entries = new Map<string, WordVectorEntry>();
  const means = createMeanVectorIndex(table.dimensions);
  const softMatch = createSoftMatch(table, floor);
  let last: { query: string; hits: RankHit[] } | undefined;

  /** Ids to soft-match besides the best lexical ones: every document of a small registry, else the nearest in meaning. */
  const othersOf = (queryBag: WordBag): string[] =>
    entries.size <= candidates ? [...entries.keys()] : means.nearest(table.mean(queryBag), nearest);

  /** The request's side of a pass: its words' weight, what keeps lexical relevance, its values when asked. */
  const requestOf = (query: string, queryBag: WordBag): RequestSide => {
    let queryWeight = 0;
    for (const weight of queryBag.weights) queryWeight += weight;
    const matching = queryBag.slots.length > 0;
    if (matching) softMatch.begin(queryBag);
    let values: RequestValues | undefined;
    let asked: Ask | undefined;
    const askedOf = () => {
      asked ??= askOf(query);
      return asked;
    };
    const kind = floorKindOf(query, lexicalFloor);
    const keeps = kind !== 'none';
    return {
      queryWeight,
      matching,
      // Whether a fused relevance never falls below the lexical one (short requests, instructions, "this").
      keeps,
      // Whether a document of a scope keeps it: `keeps`, or the request points at the selected target of that type.
      keepsFor: scopedFloorOf(query, keeps, lexicalFloor),
      // Whether a document that takes a file path or web address keeps it too: the request states one.
      keepsLocated: lexicalFloor.locations && statesLocation(query),
      // What a request kept by its length alone asks, which an unscoped action's floor follows (`lengthFloorOf`).
      ask: kind === 'length' ? askedOf() : undefined,
      // What it asks, for an action that needs nothing (`asksWhatItGives`).
      bareAsk: lexicalFloor.needsNothing ? askedOf() : undefined,
      wish: () => lexicalFloor.wishes && namesAThing(askedOf()),
      valuesOf: () => {
        values ??= requestValues(query);
        return values;
      },
    };
  };

  /**
   * A pass: the lexical pass over the best and the nearest (with `rank`'s plan, or `match`'s; with `nearest` false,
   * over the best only), the request's side.
   */
  const passOf = (
    query: string,
    lexicalOptions: { readonly matchPlan?: true } = {},
    nearest = true,
  ): WordVectorPass => {
    const queryBag = table.bag(query);
    const others = nearest ? othersOf(queryBag) : [];
    // Order from `rank`, which keeps the lexical novelty for many-part requests; relevance as `explain` gives it.
    const lexicalPass = lexical.rankExplained(query, {
      limit: candidates,
      threshold: 0,
      also: others,
      // The threshold's answer puts what the lexical ranker keeps first, in its order (`lexicalFirst`).
      keptOrder: !lexicalOptions.matchPlan,
      // Without the nearest, `rank` reads only what the lexical ranker keeps and the first hit (`rankKept`).
      firstHitOnly: !nearest,
      ...lexicalOptions,
    });
    // The lexical score of each of the best lexical ones.
    const order = new Map<string, number>();
    for (const hit of lexicalPass.hits) order.set(hit.id, hit.score);
    return { ...lexicalPass, order, others, ...requestOf(query, queryBag) };
  };
  const judge = createWordVectorJudge({
    table,
    softMatch,
    entries,
    weight,
    low,
    high,
    grounding,
    threshold,
    candidates,
  });
  const { judged, judgeAll, rankTop, rankKept } = judge;
  const match = createWordVectorMatch({
    lexical,
    table,
    entries,
    means,
    candidates,
    nearest,
    threshold,
    judge,
    requestOf,
    passOf,
  });

  /** Every candidate with its fused relevance and the parts of it, unsorted and unfiltered. */
  const explain = (query: string): WordVectorExplained[] => {
    const found: WordVectorExplained[] = [];
    judgeAll(passOf(query), (id, score, relevance, lexicalRelevance) => {
      const { soft, filled } = judged;
      found.push({
        id,
        score,
        relevance,
        lexical: lexicalRelevance,
        soft,
        ...(filled ? { grounding: filled } : {}),
      });
    });
    return found;
  };

  const fusedOf = (query: string): RankHit[] => {
    if (last?.query === query) return last.hits;
    const fused: RankHit[] = [];
    const pass = passOf(query);
    judgeAll(pass, (id, score, relevance) => {
      if (relevance >= threshold && score > 0) fused.push({ id, score });
    });
    fused.sort((a, b) => b.score - a.score);
    const hits = lexicalFirst(pass.kept ?? [], fused);
    last = { query, hits };
    return hits;
  };

  return {
    add(document: RankDocument) {
      lexical.add(document);
      const own = ownTextOf(document);
      const more = [...document.examples, ...document.tags].join(' \n ');
      const whole = table.bag(`${own} \n ${more}`);
      // A bag keeps its words in the order first said, so the own text's words come first.
      const ownSlots = whole.slots.subarray(0, table.bag(own).slots.length);
      // The soft match weighs what the action is about: its description's first sentence, not how to call it.
      const summary = summaryOf(document.description);
      const bag =
        summary === document.description.trim()
          ? whole
          : table.bag(`${ownTextOf({ ...document, description: summary })} \n ${more}`);
      const words = softMatch.dense(bag.slots);
      const { scope } = document;
      entries.set(document.id, {
        bag,
        words,
        ownSlots,
        required: requiredValuesOf(document.parameters),
        scope,
        takesLocation: takesLocation(document.parameters),
      });
      means.set(document.id, table.mean(whole));
      last = undefined;
    },
    remove(id) {
      lexical.remove(id);
      entries.delete(id);
      means.delete(id);
      last = undefined;
    },
    search(query) {
      return new Map(fusedOf(query).map((hit) => [hit.id, hit.score]));
    },
    match,
    rank(query, rankOptions = {}) {
      const limit = rankOptions.limit;
      if (limit === undefined) return [...fusedOf(query)];
      if (Number.isInteger(limit) && limit > 0 && entries.size > candidates) {
        // `fused(query).slice(0, limit)`, judging as few candidates as that takes.
        if (last?.query === query) return last.hits.slice(0, limit);
        // Most often the documents the lexical ranker keeps fill the answer (they come first): then the nearest by
        // mean vector, which only add after them, need not be looked for.
        return rankKept(passOf(query, {}, false), limit) ?? rankTop(passOf(query), limit);
      }
      return fusedOf(query).slice(0, limit);
    },
    explain,
  };
}

/** What an action says it is and does: its name, title and description. */
function ownTextOf(document: Pick<RankDocument, 'name' | 'title' | 'description'>): string {
  return [document.name, document.title, document.description].join(' \n ');
}
