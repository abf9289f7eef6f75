import {
  checkGroundingWeights,
  type Grounding,
  type GroundingWeights,
  groundedRelevance,
  groundingOf,
  type RequestValues,
  type RequiredValues,
  requestValues,
  requiredValuesOf,
  spareWordsOf,
} from './grounding.js';
import { createLexicalRanker, type LexicalRanker } from './lexical-ranker.js';
import { createMeanVectorIndex } from './mean-vector-index.js';
import {
  DEFAULT_INSTRUCTION_WORDS,
  DEFAULT_POINTING_WORDS,
  DEFAULT_SHORT_REQUEST_WORDS,
  flooredRelevance,
  keepsLexicalRelevance,
  type LexicalFloor,
} from './short-request-floor.js';
import { stem } from './tokenize.js';
import type { RankDocument, RankedMatch, Ranker, RankHit } from './types.js';
import { type WordBag, type WordVectors, wordVectorTableOf } from './word-vectors.js';
import type { Synonyms } from './wordnet-synonyms.js';

/** Options of `createWordVectorRanker`. */
export interface WordVectorRankerOptions {
  /** The word vectors; in Node, `loadWordVectors()` from `@affordance/node` reads a packaged set. */
  readonly vectors: WordVectors;
  /** The lexical ranker fused with the soft match (default: a new `createLexicalRanker({ synonyms })`). */
  readonly lexical?: LexicalRanker;
  /** Synonyms for the default lexical ranker (see `createLexicalRanker`). */
  readonly synonyms?: Synonyms;
  /** Share of the soft match in the fused relevance (default 0.5); the order stays lexical. */
  readonly weight?: number;
  /** Word similarity counted as no match at all; above it, credit grows linearly to 1 (default 0.4). */
  readonly floor?: number;
  /** Soft coverages mapped to 0 and to 1 (default 0.4 and 1). */
  readonly coverage?: { readonly low: number; readonly high: number };
  /** Fused relevance below this leaves a document out (default 0.3). */
  readonly threshold?: number;
  /**
   * Argument grounding: how the fused relevance follows the request's means to fill the action's required
   * parameters (default penalty 1, boost 1; `false` off). See docs/ranking.md.
   */
  readonly grounding?: GroundingWeights | false;
  /**
   * A request of at most this many content words (a light word counts less) is kept wherever the lexical ranker
   * keeps it: its relevance is never below the lexical one (default 2; 0 turns this off). See docs/ranking.md.
   */
  readonly shortRequestWords?: number;
  /** An instruction (a request that is not a question) of fewer than this many content words too (default 5; 0 off). */
  readonly instructionWords?: number;
  /** A request that points at what is selected or open ("this", "these", "here") too, up to this many (default 8). */
  readonly pointingWords?: number;
  /** Past this many documents, only the best lexical and the nearest by mean vector are soft-matched (default 64). */
  readonly candidates?: number;
}

/** A candidate's order, its fused relevance (what the threshold is compared with) and the relevance's parts. */
export interface WordVectorExplained extends RankHit {
  readonly relevance: number;
  /** The lexical relevance. */
  readonly lexical: number;
  /** The soft coverage of the action's words, mapped to [0, 1]. */
  readonly soft: number;
  /** How far the request fills the action's required parameters (with grounding on). */
  readonly grounding?: Grounding;
}

/** A ranker that fuses lexical relevance with a soft, word-vector match of the action's words. */
export interface WordVectorRanker extends Ranker {
  /** The lexical ranker's matches in its order, then those found only in other words; each flagged as `search` judges it. */
  match(query: string, options?: { readonly limit?: number }): RankedMatch[];
  /** The best relevant documents, best first. */
  rank(query: string, options?: { readonly limit?: number }): RankHit[];
  /** Every candidate (all documents of a small registry), with its relevance and the parts of it, unfiltered. */
  explain(query: string): WordVectorExplained[];
}

/** The fused relevance below which a document is left out: see docs/ranking.md for how it was chosen. */
export const DEFAULT_WORD_VECTOR_THRESHOLD = 0.3;

/** Argument grounding of the word-vector ranker: chosen with its threshold, see docs/ranking.md. */
export const DEFAULT_GROUNDING: GroundingWeights = { penalty: 1, boost: 1 };

/** What the ranker keeps of a document: its word bag and its required parameters. */
interface Entry {
  /** Its words: those of its name, title and description first (the first `ownWords`), then its examples' and tags'. */
  readonly bag: WordBag;
  /** Its words numbered densely, as in its bag. */
  readonly words: Int32Array;
  readonly ownWords: number;
  readonly required: RequiredValues;
}

/** Scale of the score of a document only the soft match finds, which puts it below most lexical matches. */
const SOFT_ONLY_SCALE = 0.05;

/**
 * Fuse the lexical ranker with soft matching: how much of the action's words (name, title, description, examples,
 * tags; rarity-weighted) the query says or says in other words, each word credited by its best cosine similarity to
 * a query word. Synchronous, and no network: the vectors are data.
 */
export function createWordVectorRanker(options: WordVectorRankerOptions): WordVectorRanker {
  const table = wordVectorTableOf(options.vectors);
  const lexical =
    options.lexical ?? createLexicalRanker(options.synonyms ? { synonyms: options.synonyms } : {});
  const weight = options.weight ?? 0.5;
  const floor = options.floor ?? 0.4;
  const { low, high } = options.coverage ?? { low: 0.4, high: 1 };
  const grounding = options.grounding ?? DEFAULT_GROUNDING;
  const threshold = options.threshold ?? DEFAULT_WORD_VECTOR_THRESHOLD;
  const candidates = options.candidates ?? 64;
  const lexicalFloor: LexicalFloor = {
    shortWords: options.shortRequestWords ?? DEFAULT_SHORT_REQUEST_WORDS,
    instructionWords: options.instructionWords ?? DEFAULT_INSTRUCTION_WORDS,
    pointingWords: options.pointingWords ?? DEFAULT_POINTING_WORDS,
  };
  if (!(weight >= 0 && weight <= 1)) throw new RangeError('weight must be between 0 and 1');
  if (!(floor >= 0 && floor < 1)) throw new RangeError('floor must be at least 0 and below 1');
  if (!(high > low)) throw new RangeError('coverage.high must be above coverage.low');
  if (grounding) checkGroundingWeights(grounding);
  if (!(lexicalFloor.shortWords >= 0)) throw new RangeError('shortRequestWords must be 0 or more');
  if (!(lexicalFloor.instructionWords >= 0)) throw new RangeError('instructionWords must be 0 or more');
  if (!(lexicalFloor.pointingWords >= 0)) throw new RangeError('pointingWords must be 0 or more');
  if (!(Number.isInteger(candidates) && candidates > 0))
    throw new RangeError('candidates must be a positive integer');
  const entries = new Map<string, Entry>();
  const means = createMeanVectorIndex(table.dimensions);
  let last: { query: string; hits: RankHit[] } | undefined;
  // The short-query coverage of each candidate of the last `explain`, for ordering what only the soft match finds.
  const shortCoverage = new Map<string, number>();

  // The words of the documents numbered densely (a document's `words`), so a query's credits fit in small arrays.
  const denseOf = new Map<number, number>();
  const denseSlots: number[] = [];
  const toDense = (slots: Int32Array) =>
    slots.map((slot) => {
      let word = denseOf.get(slot);
      if (word === undefined) {
        word = denseSlots.length;
        denseOf.set(slot, word);
        denseSlots.push(slot);
      }
      return word;
    });
  // Per query, by dense word: its credit, and the stamp of the query that last credited it.
  let credits = new Float64Array(0);
  let stamps = new Int32Array(0);
  let stamp = 0;
  const words: number[] = [];
  const wordsDense: number[] = [];
  let closest = new Float64Array(0);

  /**
   * The credit of each word of the candidates' bags: its best similarity to a query word, counted from the floor (0)
   * to 1, into `credits` by dense word. All at once, which lets the similarities be worked out in blocks.
   */
  const creditWords = (picked: readonly string[], query: WordBag): Float64Array => {
    if (stamps.length < denseSlots.length || stamp === 0x7fffffff) {
      stamps = new Int32Array(denseSlots.length + 1024);
      credits = new Float64Array(denseSlots.length + 1024);
      stamp = 0;
    }
    stamp++;
    words.length = 0;
    wordsDense.length = 0;
    for (const id of picked) {
      const entry = entries.get(id);
      if (!entry) continue;
      for (const word of entry.words) {
        if (stamps[word] === stamp) continue;
        stamps[word] = stamp;
        words.push(denseSlots[word]!);
        wordsDense.push(word);
      }
    }
    if (closest.length < words.length) closest = new Float64Array(words.length * 2);
    // Below the floor a word earns nothing, so only what may reach it needs its exact similarity.
    table.closestEach(words, query.slots, closest, floor);
    for (let at = 0; at < words.length; at++) {
      credits[wordsDense[at]!] = Math.max(0, (closest[at]! - floor) / (1 - floor));
    }
    return credits;
  };

  /**
   * Rarity-weighted share of the document's words the query matches, each by its credit; and the same measured
   * against at most the query's own weight (a short query can only say a few words), which orders `match`'s tail.
   */
  const softCoverage = (entry: Entry, credits: Float64Array, queryWeight: number) => {
    const { bag, words } = entry;
    let total = 0;
    let matched = 0;
    for (let at = 0; at < bag.slots.length; at++) {
      total += bag.weights[at]!;
      matched += bag.weights[at]! * credits[words[at]!]!;
    }
    const short = Math.min(total, queryWeight);
    return { whole: total > 0 ? matched / total : 0, short: short > 0 ? Math.min(1, matched / short) : 0 };
  };

  /** Ids to soft-match besides the best lexical ones: every document of a small registry, else the nearest in meaning. */
  const othersOf = (queryBag: WordBag): string[] =>
    entries.size <= candidates ? [...entries.keys()] : means.nearest(table.mean(queryBag), candidates);

  /** How far the request fills the entry's required parameters; its spare words are counted only when needed. */
  const groundingFor = (entry: Entry, values: RequestValues) =>
    groundingOf(entry.required, values, () => {
      // Its own words: name, title and description. Examples are left out: they hold values ("make it red").
      const own = new Set<string>();
      for (let at = 0; at < entry.ownWords; at++) own.add(stem(table.wordOf(entry.bag.slots[at]!)));
      return spareWordsOf(values, own);
    });

  /**
   * Every candidate with its fused relevance and the parts of it, unsorted and unfiltered; with `matchLimit`, also
   * the lexical ranker's `match(query, { limit: matchLimit })`, from the same pass over its index where it can.
   */
  const explainWith = (query: string, matchLimit?: number) => {
    const queryBag = table.bag(query);
    const others = othersOf(queryBag);
    // Order from `rank`, which keeps the lexical novelty for many-part requests; relevance as `explain` gives it.
    const {
      hits: lexicalBest,
      explained,
      matches,
    } = lexical.rankExplained(query, {
      limit: candidates,
      threshold: 0,
      also: others,
      ...(matchLimit !== undefined ? { matchLimit } : {}),
    });
    const order = new Map(lexicalBest.map((hit) => [hit.id, hit.score]));
    const values = grounding ? requestValues(query) : undefined;
    const keeps = keepsLexicalRelevance(query, lexicalFloor);
    const found: WordVectorExplained[] = [];
    // Every document of a small registry in the order added; else the best lexical ones, then the nearest.
    const picked = entries.size <= candidates ? others : [...new Set([...order.keys(), ...others])];
    const matching = queryBag.slots.length > 0;
    let queryWeight = 0;
    for (const weight of queryBag.weights) queryWeight += weight;
    shortCoverage.clear();
    const credits = matching ? creditWords(picked, queryBag) : undefined;
    for (const id of picked) {
      const entry = entries.get(id);
      const lexicalHit = explained.get(id);
      const coverage = entry && credits ? softCoverage(entry, credits, queryWeight) : undefined;
      const soft = Math.min(1, Math.max(0, ((coverage?.whole ?? 0) - low) / (high - low)));
      if (coverage) shortCoverage.set(id, coverage.short);
      const lexicalRelevance = lexicalHit?.relevance ?? 0;
      const relevance = (1 - weight) * lexicalRelevance + weight * soft;
      const filled = grounding && entry && values ? groundingFor(entry, values) : undefined;
      found.push({
        id,
        // The order stays lexical (it knows names and many-part requests); found only in other words comes after.
        score: order.get(id) ?? lexicalHit?.score ?? SOFT_ONLY_SCALE * soft,
        relevance: flooredRelevance(
          grounding && filled ? groundedRelevance(relevance, filled, grounding) : relevance,
          lexicalRelevance,
          keeps,
        ),
        lexical: lexicalRelevance,
        soft,
        ...(filled ? { grounding: filled } : {}),
      });
    }
    return { found, matches };
  };
  const explain = (query: string): WordVectorExplained[] => explainWith(query).found;

  const fused = (query: string): RankHit[] => {
    if (last?.query === query) return last.hits;
    const hits: RankHit[] = [];
    for (const { id, score, relevance } of explain(query)) {
      if (relevance >= threshold && score > 0) hits.push({ id, score });
    }
    hits.sort((a, b) => b.score - a.score);
    last = { query, hits };
    return hits;
  };

  return {
    add(document: RankDocument) {
      lexical.add(document);
      const own = ownTextOf(document);
      const bag = table.bag(`${own} \n ${[...document.examples, ...document.tags].join(' \n ')}`);
      // A bag keeps its words in the order first said, so the own text's words come first.
      const ownWords = table.bag(own).slots.length;
      const words = toDense(bag.slots);
      entries.set(document.id, { bag, words, ownWords, required: requiredValuesOf(document.parameters) });
      means.set(document.id, table.mean(bag));
      last = undefined;
    },
    remove(id) {
      lexical.remove(id);
      entries.delete(id);
      means.delete(id);
      last = undefined;
    },
    search(query) {
      return new Map(fused(query).map((hit) => [hit.id, hit.score]));
    },
    match(query, matchOptions = {}) {
      const limit = matchOptions.limit;
      const pass = explainWith(
        query,
        limit !== undefined && limit < Number.POSITIVE_INFINITY ? limit : undefined,
      );
      const explained = new Map(pass.found.map((entry) => [entry.id, entry]));
      const relevant = (id: string) => {
        const entry = explained.get(id);
        return entry !== undefined && entry.relevance >= threshold && entry.score > 0;
      };
      // The lexical order for what shares a word with the request (so never below the lexical ranker's recall),
      // then what only the soft match finds, by its soft coverage measured against at most the request's own weight
      // (a short request can only say a few words), scored under the last lexical match.
      const matches: RankedMatch[] = (pass.matches ?? lexical.match(query, matchOptions)).map(
        ({ id, score }) => ({
          id,
          score,
          relevant: relevant(id),
        }),
      );
      const below = matches.length > 0 ? matches[matches.length - 1]!.score : 1;
      const seen = new Set(matches.map((match) => match.id));
      const short = (id: string) => shortCoverage.get(id) ?? 0;
      const softOnly = [...explained.keys()]
        .filter((id) => short(id) > 0 && !seen.has(id))
        .sort((a, b) => short(b) - short(a));
      for (const id of softOnly) {
        matches.push({ id, score: below * SOFT_ONLY_SCALE * short(id), relevant: relevant(id) });
      }
      return matches;
    },
    rank(query, rankOptions = {}) {
      const hits = fused(query);
      return rankOptions.limit === undefined ? [...hits] : hits.slice(0, rankOptions.limit);
    },
    explain,
  };
}

/** What an action says it is and does: its name, title and description. */
function ownTextOf(document: RankDocument): string {
  return [document.name, document.title, document.description].join(' \n ');
}
