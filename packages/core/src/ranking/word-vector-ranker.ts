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
  askOf,
  flooredRelevance,
  floorKindOf,
  type LexicalFloorOptions,
  lengthFloorOf,
  lexicalFloorOf,
  scopedFloorOf,
} from './short-request-floor.js';
import { createSoftMatch, type SoftEntry } from './soft-match.js';
import { stem } from './tokenize.js';
import type { RankDocument, RankedMatch, Ranker, RankHit } from './types.js';
import { type WordBag, type WordVectors, wordVectorTableOf } from './word-vectors.js';
import type { Synonyms } from './wordnet-synonyms.js';

/** Options of `createWordVectorRanker`. */
export interface WordVectorRankerOptions extends LexicalFloorOptions {
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
interface Entry extends SoftEntry {
  /** Its words: those of its name, title and description first (the first `ownWords`), then its examples' and tags'. */
  readonly ownWords: number;
  readonly required: RequiredValues;
  /** The scope of the action (the type of target it acts on), if it has one. */
  readonly scope: string | undefined;
  /** The stems of its own words, made when grounding first needs them. */
  ownTerms?: ReadonlySet<string>;
}

/** Scale of the score of a document only the soft match finds, which puts it below most lexical matches. */
const SOFT_ONLY_SCALE = 0.05;

/** How many candidates `rank` with a limit credits at a time. */
const BATCH = 16;

/** A candidate of `rank` with a limit: its score and its place among the candidates picked. */
interface Candidate {
  readonly id: string;
  score: number;
  readonly position: number;
}

/** Best score first; of equal scores, the one picked first (as a stable sort of the candidates keeps them). */
const byScore = (a: Candidate, b: Candidate) =>
  a.score > b.score ? -1 : a.score < b.score ? 1 : a.position - b.position;

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
  const lexicalFloor = lexicalFloorOf(options);
  if (!(weight >= 0 && weight <= 1)) throw new RangeError('weight must be between 0 and 1');
  if (!(floor >= 0 && floor < 1)) throw new RangeError('floor must be at least 0 and below 1');
  if (!(high > low)) throw new RangeError('coverage.high must be above coverage.low');
  if (grounding) checkGroundingWeights(grounding);
  if (!(Number.isInteger(candidates) && candidates > 0))
    throw new RangeError('candidates must be a positive integer');
  const entries = new Map<string, Entry>();
  const means = createMeanVectorIndex(table.dimensions);
  const softMatch = createSoftMatch(table, floor);
  let last: { query: string; hits: RankHit[] } | undefined;

  /** Ids to soft-match besides the best lexical ones: every document of a small registry, else the nearest in meaning. */
  const othersOf = (queryBag: WordBag): string[] =>
    entries.size <= candidates ? [...entries.keys()] : means.nearest(table.mean(queryBag), candidates);

  /** The query's side of a pass: its words, the lexical pass over the best and the nearest, its values when asked. */
  const passOf = (query: string, matchLimit?: number) => {
    const queryBag = table.bag(query);
    const others = othersOf(queryBag);
    // Order from `rank`, which keeps the lexical novelty for many-part requests; relevance as `explain` gives it.
    const lexicalPass = lexical.rankExplained(query, {
      limit: candidates,
      threshold: 0,
      also: others,
      ...(matchLimit !== undefined ? { matchLimit } : {}),
    });
    let queryWeight = 0;
    for (const weight of queryBag.weights) queryWeight += weight;
    const matching = queryBag.slots.length > 0;
    if (matching) softMatch.begin(queryBag);
    let values: RequestValues | undefined;
    const kind = floorKindOf(query, lexicalFloor);
    const keeps = kind !== 'none';
    // The lexical score of each of the best lexical ones.
    const order = new Map<string, number>();
    for (const hit of lexicalPass.hits) order.set(hit.id, hit.score);
    return {
      ...lexicalPass,
      order,
      others,
      queryWeight,
      matching,
      // Whether a fused relevance never falls below the lexical one (short requests, instructions, "this").
      keeps,
      // Whether a document of a scope keeps it: `keeps`, or the request points at the selected target of that type.
      keepsFor: scopedFloorOf(query, keeps, lexicalFloor),
      // What a request kept by its length alone asks, which an unscoped action's floor follows (`lengthFloorOf`).
      ask: kind === 'length' ? askOf(query) : undefined,
      valuesOf: () => {
        values ??= requestValues(query);
        return values;
      },
    };
  };
  type Pass = ReturnType<typeof passOf>;

  /** The stems of an entry's own words: name, title and description. Examples are left out: they hold values. */
  const ownTermsOf = (entry: Entry): ReadonlySet<string> => {
    if (!entry.ownTerms) {
      const own = new Set<string>();
      for (let at = 0; at < entry.ownWords; at++) own.add(stem(table.wordOf(entry.bag.slots[at]!)));
      entry.ownTerms = own;
    }
    return entry.ownTerms;
  };
  /** How far the request fills the entry's required parameters; its spare words are counted only when needed. */
  const groundingFor = (entry: Entry, values: RequestValues) =>
    groundingOf(entry.required, values, () => spareWordsOf(values, ownTermsOf(entry)));

  // What `judge` found besides the relevance (reused).
  const judged: { soft: number; short: { value: number }; covered: boolean; filled: Grounding | undefined } =
    {
      soft: 0,
      short: { value: 0 },
      covered: false,
      filled: undefined,
    };

  /** A candidate's fused relevance (its words credited); its soft coverage and grounding into `judged`. */
  const judge = (entry: Entry | undefined, lexicalRelevance: number, pass: Pass): number => {
    judged.covered = entry !== undefined && pass.matching;
    const whole = judged.covered ? softMatch.coverage(entry!, pass.queryWeight, judged.short) : 0;
    const soft = Math.min(1, Math.max(0, (whole - low) / (high - low)));
    judged.soft = soft;
    const relevance = (1 - weight) * lexicalRelevance + weight * soft;
    judged.filled = grounding && entry ? groundingFor(entry, pass.valuesOf()) : undefined;
    // What it keeps of the lexical relevance: all of it, or for an unscoped action of a request kept by its length
    // alone, what `lengthFloorOf` gives.
    const kept =
      pass.ask && entry && entry.scope === undefined
        ? lengthFloorOf(lexicalRelevance, judged.filled?.filled ?? 1, pass.ask, () => ownTermsOf(entry))
        : lexicalRelevance;
    return flooredRelevance(
      grounding && judged.filled ? groundedRelevance(relevance, judged.filled, grounding) : relevance,
      kept,
      entry ? pass.keepsFor(entry.scope) : pass.keeps,
    );
  };

  /** The candidates of a pass: every document of a small registry in the order added; else the best lexical ones, then the nearest. */
  const pickedOf = (pass: Pass): string[] => {
    if (entries.size <= candidates) return pass.others;
    const picked = pass.hits.map((hit) => hit.id);
    for (const id of pass.others) if (!pass.order.has(id)) picked.push(id);
    return picked;
  };

  /**
   * Judge every candidate of a pass, in the order picked: `visit` sees its score (the order stays lexical, as it
   * knows names and many-part requests; what only the soft match finds comes after), its lexical relevance and its
   * fused relevance, the rest in `judged`.
   */
  const judgeAll = (
    pass: Pass,
    visit: (id: string, score: number, relevance: number, lexicalRelevance: number) => void,
  ) => {
    const picked = pickedOf(pass);
    if (pass.matching) softMatch.credit(picked.map((id) => entries.get(id)));
    for (const id of picked) {
      const lexicalHit = pass.explained.get(id);
      const lexicalRelevance = lexicalHit?.relevance ?? 0;
      const relevance = judge(entries.get(id), lexicalRelevance, pass);
      const score = pass.order.get(id) ?? lexicalHit?.score ?? SOFT_ONLY_SCALE * judged.soft;
      visit(id, score, relevance, lexicalRelevance);
    }
  };

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

  const fusedOf = (query: string, pass?: Pass): RankHit[] => {
    if (last?.query === query) return last.hits;
    const hits: RankHit[] = [];
    judgeAll(pass ?? passOf(query), (id, score, relevance) => {
      if (relevance >= threshold && score > 0) hits.push({ id, score });
    });
    hits.sort((a, b) => b.score - a.score);
    last = { query, hits };
    return hits;
  };

  /**
   * `fused(query).slice(0, limit)` of a large registry, judging as few candidates as that takes. The answer is the
   * first `limit` relevant candidates in score order (ties in the order picked). A candidate's score is known before
   * its soft match unless only the soft match finds it (then it is at most `SOFT_ONLY_SCALE`): those known are judged
   * in that order, their words credited a batch at a time, and if `limit` pass scoring above what a soft-only one
   * can, that is the answer; otherwise the soft-only ones are scored too and all are judged in order again.
   */
  const rankTop = (query: string, limit: number): RankHit[] => {
    if (last?.query === query) return last.hits.slice(0, limit);
    const pass = passOf(query);
    const known: Candidate[] = [];
    const softOnly: Candidate[] = [];
    pickedOf(pass).forEach((id, position) => {
      const score = pass.order.get(id) ?? pass.explained.get(id)?.score;
      (score === undefined ? softOnly : known).push({ id, score: score ?? 0, position });
    });
    known.sort(byScore);
    const hits = judgeInOrder(known, limit, pass);
    if (hits.length === limit && hits[limit - 1]!.score > SOFT_ONLY_SCALE) return hits;
    if (pass.matching) softMatch.credit(softOnly.map((candidate) => entries.get(candidate.id)));
    for (const candidate of softOnly) {
      judge(entries.get(candidate.id), 0, pass);
      candidate.score = SOFT_ONLY_SCALE * judged.soft;
    }
    return judgeInOrder([...known, ...softOnly].sort(byScore), limit, pass);
  };

  /** The first `limit` relevant candidates of a list in score order, their words credited a batch at a time. */
  const judgeInOrder = (list: readonly Candidate[], limit: number, pass: Pass): RankHit[] => {
    const hits: RankHit[] = [];
    for (let start = 0; start < list.length && hits.length < limit; start += BATCH) {
      const batch = list.slice(start, start + BATCH);
      if (pass.matching) softMatch.credit(batch.map((candidate) => entries.get(candidate.id)));
      for (const { id, score } of batch) {
        const relevance = judge(entries.get(id), pass.explained.get(id)?.relevance ?? 0, pass);
        if (relevance >= threshold && score > 0) hits.push({ id, score });
        if (hits.length === limit) break;
      }
    }
    return hits;
  };

  return {
    add(document: RankDocument) {
      lexical.add(document);
      const own = ownTextOf(document);
      const bag = table.bag(`${own} \n ${[...document.examples, ...document.tags].join(' \n ')}`);
      // A bag keeps its words in the order first said, so the own text's words come first.
      const ownWords = table.bag(own).slots.length;
      const words = softMatch.dense(bag.slots);
      const { scope } = document;
      entries.set(document.id, {
        bag,
        words,
        ownWords,
        required: requiredValuesOf(document.parameters),
        scope,
      });
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
      return new Map(fusedOf(query).map((hit) => [hit.id, hit.score]));
    },
    match(query, matchOptions = {}) {
      const limit = matchOptions.limit;
      const pass = passOf(query, limit !== undefined && limit < Number.POSITIVE_INFINITY ? limit : undefined);
      // Each candidate's short-query coverage (when it was soft-matched), in the order picked, and which are relevant.
      const shortOf = new Map<string, number>();
      const relevantIds = new Set<string>();
      judgeAll(pass, (id, score, relevance) => {
        if (judged.covered) shortOf.set(id, judged.short.value);
        if (relevance >= threshold && score > 0) relevantIds.add(id);
      });
      // The lexical order for what shares a word with the request (so never below the lexical ranker's recall),
      // then what only the soft match finds, by its soft coverage measured against at most the request's own weight
      // (a short request can only say a few words), scored under the last lexical match.
      const matches: RankedMatch[] = (pass.matches ?? lexical.match(query, matchOptions)).map(
        ({ id, score }) => ({ id, score, relevant: relevantIds.has(id) }),
      );
      const below = matches.length > 0 ? matches[matches.length - 1]!.score : 1;
      const seen = new Set(matches.map((match) => match.id));
      const softOnly: Array<{ id: string; short: number }> = [];
      for (const [id, short] of shortOf) if (short > 0 && !seen.has(id)) softOnly.push({ id, short });
      softOnly.sort((a, b) => b.short - a.short);
      for (const { id, short } of softOnly) {
        matches.push({ id, score: below * SOFT_ONLY_SCALE * short, relevant: relevantIds.has(id) });
      }
      return matches;
    },
    rank(query, rankOptions = {}) {
      const limit = rankOptions.limit;
      if (limit === undefined) return [...fusedOf(query)];
      if (Number.isInteger(limit) && limit > 0 && entries.size > candidates) return rankTop(query, limit);
      return fusedOf(query).slice(0, limit);
    },
    explain,
  };
}

/** What an action says it is and does: its name, title and description. */
function ownTextOf(document: RankDocument): string {
  return [document.name, document.title, document.description].join(' \n ');
}
