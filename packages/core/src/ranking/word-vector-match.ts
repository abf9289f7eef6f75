import type { LexicalRanker, RankedAndExplained } from './lexical-ranker-types.js';
import type { MeanVectorIndex } from './mean-vector-index.js';
import type { RankedMatch } from './types.js';
import {
  type createWordVectorJudge,
  SOFT_ONLY_SCALE,
  type WordVectorEntry,
  type WordVectorPass,
} from './word-vector-judge.js';
import type { WordBag, WordVectorTable } from './word-vectors.js';

/** The request's side of a pass: everything a pass holds but the lexical ranking. */
export type RequestSide = Omit<WordVectorPass, keyof RankedAndExplained | 'order' | 'others'>;

/** What the recall-first intent needs of the word-vector ranker. */
export interface MatchSettings {
  readonly lexical: LexicalRanker;
  readonly table: WordVectorTable;
  readonly entries: ReadonlyMap<string, WordVectorEntry>;
  readonly means: MeanVectorIndex;
  readonly candidates: number;
  readonly nearest: number;
  readonly threshold: number;
  readonly judge: ReturnType<typeof createWordVectorJudge>;
  /** The request's side of a pass (it begins the soft match of the request's words). */
  requestOf(query: string, queryBag: WordBag): RequestSide;
  /** A whole pass: the lexical pass over the best and the nearest, with `rank`'s or (`matchPlan`) `match`'s plan. */
  passOf(query: string, lexicalOptions: { readonly matchPlan: true }): WordVectorPass;
}

const NO_ORDER: ReadonlyMap<string, number> = new Map();

/**
 * `match` of the word-vector ranker: the lexical ranker's matches in its order (so never below its recall), each
 * flagged by its fused relevance, then what only the soft match finds, by its soft coverage, scored under the last
 * lexical match. With a limit, one lexical pass (`match`'s plan) both matches and explains, only the matches are
 * judged, and the soft-only ones are looked for only while places are left.
 */
export function createWordVectorMatch(settings: MatchSettings) {
  const { lexical, table, entries, means, candidates, nearest, threshold, judge } = settings;
  const { judged, judgeEach, judgeAll, relevantByLexical } = judge;

  /** Relevant: its fused relevance reaches the threshold, and the lexical pass or the soft match found it. */
  const relevantIn = (pass: WordVectorPass, id: string, relevance: number) =>
    relevance >= threshold && ((pass.explained.get(id)?.score ?? 0) > 0 || judged.soft > 0);

  /** At most `limit` (a positive integer) matches. */
  const topMatches = (query: string, limit: number): RankedMatch[] => {
    const queryBag = table.bag(query);
    const small = entries.size <= candidates;
    const lexicalPass = lexical.rankExplained(query, {
      limit,
      threshold: 0,
      matchLimit: limit,
      matchPlan: true,
      // Of the hits, only the first is read (the best lexical match of a wish, `keepsAsBest`).
      firstHitOnly: true,
      // A small registry's every document is a candidate: each one the request matches is explained.
      ...(small ? { also: entries.keys() } : {}),
    });
    const pass: WordVectorPass = {
      ...lexicalPass,
      order: NO_ORDER,
      others: [],
      ...settings.requestOf(query, queryBag),
    };
    // Always there with `matchLimit`.
    const found = lexicalPass.matches!;
    // Flagged by the fused relevance: soft-matched only where the kept lexical relevance does not settle it.
    const matches: Array<{ id: string; score: number; relevant: boolean }> = found.map(({ id, score }) => ({
      id,
      score,
      relevant: relevantByLexical(entries.get(id), pass.explained.get(id)?.relevance ?? 0, pass),
    }));
    const unsettled = matches.filter((match) => !match.relevant);
    let at = 0;
    judgeEach(
      pass,
      unsettled.map((match) => match.id),
      (id, relevance) => {
        unsettled[at++]!.relevant = relevantIn(pass, id, relevance);
      },
    );
    if (matches.length >= limit) return matches;
    // Places left: what only the soft match finds, of every document of a small registry, else of the nearest.
    const seen = new Set(matches.map((match) => match.id));
    const others = small ? [...entries.keys()] : means.nearest(table.mean(queryBag), nearest);
    const softOnly: SoftOnly[] = [];
    judgeEach(
      pass,
      others.filter((id) => !seen.has(id)),
      (id, relevance) => {
        const short = judged.covered ? judged.short.value : 0;
        if (short > 0) softOnly.push({ id, short, relevant: relevantIn(pass, id, relevance) });
      },
    );
    return withSoftOnly(matches, softOnly, limit - matches.length);
  };

  /** Every match: the lexical matches, the candidates of a pass judged, then the soft-only ones. */
  const everyMatch = (query: string): RankedMatch[] => {
    const pass = settings.passOf(query, { matchPlan: true });
    // Each candidate's short-query coverage (when it was soft-matched), in the order picked, and which are relevant.
    const shortOf = new Map<string, number>();
    const relevantIds = new Set<string>();
    judgeAll(pass, (id, score, relevance) => {
      if (judged.covered) shortOf.set(id, judged.short.value);
      if (relevance >= threshold && score > 0) relevantIds.add(id);
    });
    const matches: RankedMatch[] = lexical
      .match(query)
      .map(({ id, score }) => ({ id, score, relevant: relevantIds.has(id) }));
    const seen = new Set(matches.map((match) => match.id));
    const softOnly: SoftOnly[] = [];
    for (const [id, short] of shortOf)
      if (short > 0 && !seen.has(id)) softOnly.push({ id, short, relevant: relevantIds.has(id) });
    return withSoftOnly(matches, softOnly, Number.POSITIVE_INFINITY);
  };

  return (query: string, options: { readonly limit?: number } = {}): RankedMatch[] => {
    const { limit } = options;
    if (limit === undefined || limit === Number.POSITIVE_INFINITY) return everyMatch(query);
    // A limit of a fraction is its whole part; none of zero, below or not a number.
    const count = Math.floor(limit);
    return count > 0 ? topMatches(query, count) : [];
  };
}

/** A match only the soft match finds: its short-query coverage and its flag. */
interface SoftOnly {
  readonly id: string;
  readonly short: number;
  readonly relevant: boolean;
}

/**
 * The lexical matches, then at most `places` soft-only ones by their coverage (best first; of equal ones, the first
 * found first), each scored under the last lexical match (1 without one) by `SOFT_ONLY_SCALE` times its coverage.
 */
function withSoftOnly(matches: RankedMatch[], softOnly: SoftOnly[], places: number): RankedMatch[] {
  softOnly.sort((a, b) => b.short - a.short);
  const below = matches.length > 0 ? matches[matches.length - 1]!.score : 1;
  for (const { id, short, relevant } of softOnly.slice(0, places))
    matches.push({ id, score: below * SOFT_ONLY_SCALE * short, relevant });
  return matches;
}
