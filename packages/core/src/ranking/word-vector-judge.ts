import {
  type Grounding,
  type GroundingWeights,
  groundedRelevance,
  groundingOf,
  type RequestValues,
  type RequiredValues,
  spareWordsOf,
} from './grounding.js';
import { belowLast } from './lexical-first.js';
import type { RankedAndExplained } from './lexical-ranker-types.js';
import { asksWhatItGives, needsNothing } from './needs-nothing.js';
import { type Ask, flooredRelevance, lengthFloorOf } from './short-request-floor.js';
import type { createSoftMatch, SoftEntry } from './soft-match.js';
import { stem } from './tokenize.js';
import type { RankHit } from './types.js';
import { keepsAsBestMatch } from './wish-first.js';
import type { WordBag, WordVectorTable } from './word-vectors.js';

/** What the ranker keeps of a document: its word bag and its required parameters. */
export interface WordVectorEntry extends SoftEntry {
  /**
   * Its words for the soft match: those of its name, title and description's first sentence (`summaryOf`), then its
   * examples' and tags'.
   */
  readonly bag: WordBag;
  /** The words of its name, title and whole description: its own words, which the rules on verbs and values read. */
  readonly ownSlots: Int32Array;
  readonly required: RequiredValues;
  /** The scope of the action (the type of target it acts on), if it has one. */
  readonly scope: string | undefined;
  /** Whether a required parameter of it takes a file path or web address (`takesLocation`). */
  readonly takesLocation: boolean;
  /** The stems of its own words, made when grounding first needs them. */
  ownTerms?: ReadonlySet<string>;
}

/** Scale of the score of a document only the soft match finds, which puts it below most lexical matches. */
export const SOFT_ONLY_SCALE = 0.05;

/** How many candidates `rank` with a limit credits at a time, at least (its first batch could fill its answer). */
const BATCH = 4;

/** A candidate of `rank` with a limit: its score, its place among the candidates picked, its relevance once judged. */
interface Candidate {
  readonly id: string;
  score: number;
  readonly position: number;
  relevance: number | undefined;
}

/** Best score first; of equal scores, the one picked first (as a stable sort of the candidates keeps them). */
const byScore = (a: Candidate, b: Candidate) =>
  a.score > b.score ? -1 : a.score < b.score ? 1 : a.position - b.position;

/** The request's side of one word-vector query: the lexical pass over the best and the nearest, and its words. */
export interface WordVectorPass extends RankedAndExplained {
  /** The lexical score of each of the best lexical ones (of the first only, in a pass that reads only it). */
  readonly order: ReadonlyMap<string, number>;
  /** The nearest by mean vector (every document of a small registry). */
  readonly others: readonly string[];
  readonly queryWeight: number;
  /** Whether the request has words with vectors (else nothing is soft-matched). */
  readonly matching: boolean;
  /** Whether a fused relevance never falls below the lexical one (short requests, instructions, "this"). */
  readonly keeps: boolean;
  /** Whether a document of a scope keeps it: `keeps`, or the request points at the selected target of that type. */
  keepsFor(scope: string | undefined): boolean;
  /** Whether a document that takes a location keeps it too: the request states one (`statesLocation`). */
  readonly keepsLocated: boolean;
  /** What a request kept by its length alone asks, which an unscoped action's floor follows (`lengthFloorOf`). */
  readonly ask: Ask | undefined;
  /** What the request asks, when an action that needs nothing keeps it if it asks for what that gives (`asksWhatItGives`). */
  readonly bareAsk: Ask | undefined;
  /** Whether the request is a wish that names a thing (`keepsAsBestMatch`): asked only of its best lexical match. */
  wish(): boolean;
  /** The request's values, read when grounding first asks. */
  valuesOf(): RequestValues;
}

/** What judging needs of the ranker. */
export interface JudgeSettings {
  readonly table: WordVectorTable;
  readonly softMatch: ReturnType<typeof createSoftMatch>;
  readonly entries: ReadonlyMap<string, WordVectorEntry>;
  readonly weight: number;
  readonly low: number;
  readonly high: number;
  readonly grounding: GroundingWeights | false;
  readonly threshold: number;
  readonly candidates: number;
}

/** The word-vector ranker's judging of a pass's candidates: their words credited, their fused relevance. */
export function createWordVectorJudge(settings: JudgeSettings) {
  const { table, softMatch, entries, weight, low, high, grounding, threshold, candidates } = settings;
  type Entry = WordVectorEntry;
  type Pass = WordVectorPass;

  /** The stems of an entry's own words: name, title and description. Examples are left out: they hold values. */
  const ownTermsOf = (entry: Entry): ReadonlySet<string> => {
    if (!entry.ownTerms) {
      const own = new Set<string>();
      for (const slot of entry.ownSlots) own.add(stem(table.wordOf(slot)));
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
    const kept = keptOf(entry, lexicalRelevance, pass, () => judged.filled?.filled ?? 1);
    return flooredRelevance(
      grounding && judged.filled ? groundedRelevance(relevance, judged.filled, grounding) : relevance,
      kept ?? 0,
      kept !== undefined,
    );
  };

  /**
   * The lexical relevance a candidate's fused one is floored at, or undefined when it keeps none: all of it when it
   * keeps it (`keepsFor`, or as the best lexical match of a wish), but for an unscoped action of a request kept by
   * its length alone what `lengthFloorOf` gives. `filled` is the share of its required values the request fills.
   */
  const keptOf = (
    entry: Entry | undefined,
    lexicalRelevance: number,
    pass: Pass,
    filled: () => number,
  ): number | undefined => {
    if (!entry) return pass.keeps ? lexicalRelevance : undefined;
    if (!(keepsFor(entry, pass) || keepsAsBest(entry, pass, filled))) return undefined;
    return pass.ask && entry.scope === undefined
      ? lengthFloorOf(lexicalRelevance, filled(), pass.ask, () => ownTermsOf(entry))
      : lexicalRelevance;
  };

  /**
   * Whether a candidate is relevant whatever its soft match: what it keeps of its lexical relevance (`keptOf`)
   * reaches the threshold, so its fused relevance, floored there, does too.
   */
  const relevantByLexical = (entry: Entry | undefined, lexicalRelevance: number, pass: Pass): boolean => {
    // What it keeps is at most its lexical relevance.
    if (lexicalRelevance < threshold) return false;
    let filled: number | undefined;
    const filledOf = () => {
      filled ??= grounding && entry ? groundingFor(entry, pass.valuesOf()).filled : 1;
      return filled;
    };
    return (keptOf(entry, lexicalRelevance, pass, filledOf) ?? 0) >= threshold;
  };

  /** Whether an entry keeps its lexical relevance as the best lexical match of a wish that fills its values. */
  const keepsAsBest = (entry: Entry, pass: Pass, filled: () => number): boolean => {
    const best = pass.hits[0];
    if (best === undefined || entries.get(best.id) !== entry) return false;
    return keepsAsBestMatch(pass.wish(), filled());
  };

  /** Whether an entry keeps its lexical relevance: by the request, its scope, a location, or as needing nothing. */
  const keepsFor = (entry: Entry, pass: Pass): boolean =>
    pass.keepsFor(entry.scope) ||
    (pass.keepsLocated && entry.takesLocation) ||
    (pass.bareAsk !== undefined &&
      needsNothing(entry.required) &&
      asksWhatItGives(pass.bareAsk, () => ownTermsOf(entry)));

  /** The candidates of a pass: every document of a small registry in the order added; else the best lexical ones, then the nearest. */
  const pickedOf = (pass: Pass): readonly string[] => {
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
  ) =>
    judgeEach(pass, pickedOf(pass), (id, relevance, lexicalRelevance) => {
      const score = pass.order.get(id) ?? pass.explained.get(id)?.score ?? SOFT_ONLY_SCALE * judged.soft;
      visit(id, score, relevance, lexicalRelevance);
    });

  /**
   * Judge the documents of `ids` in order, their words credited together: `visit` sees each one's fused relevance
   * and its lexical relevance (what the pass explained of it, else 0), the rest in `judged`.
   */
  const judgeEach = (
    pass: Pass,
    ids: readonly string[],
    visit: (id: string, relevance: number, lexicalRelevance: number) => void,
  ) => {
    if (pass.matching) softMatch.credit(ids.map((id) => entries.get(id)));
    for (const id of ids) {
      const lexicalRelevance = pass.explained.get(id)?.relevance ?? 0;
      visit(id, judge(entries.get(id), lexicalRelevance, pass), lexicalRelevance);
    }
  };

  /**
   * `fused(query).slice(0, limit)` of a large registry, judging as few candidates as that takes. The answer is the
   * first `limit` relevant candidates: those the lexical ranker keeps in its order (`lexicalFirst`), then the rest in
   * score order (ties in the order picked). A candidate's score is known before its soft match unless only the soft
   * match finds it (then it is at most `SOFT_ONLY_SCALE`): those known are judged in that order, their words credited
   * a batch at a time, and if `limit` pass before any soft-only one could come, that is the answer; otherwise the
   * soft-only ones are scored too and all are judged in order again.
   */
  const rankTop = (pass: WordVectorPass, limit: number): RankHit[] => {
    const known = new Map<string, Candidate>();
    const softOnly: Candidate[] = [];
    pickedOf(pass).forEach((id, position) => {
      const score = pass.order.get(id) ?? pass.explained.get(id)?.score;
      const candidate = { id, score: score ?? 0, position, relevance: undefined };
      if (score === undefined) softOnly.push(candidate);
      else known.set(id, candidate);
    });
    // What the lexical ranker keeps, in its order and with its scores; then the others.
    const first: Candidate[] = [];
    for (const hit of pass.kept ?? []) {
      const candidate = known.get(hit.id);
      if (candidate === undefined) continue;
      candidate.score = hit.score;
      first.push(candidate);
      known.delete(hit.id);
    }
    const rest = [...known.values()].sort(byScore);
    const hits = judgeInOrder([...first, ...rest], limit, pass);
    // Full, and no soft-only one could come before the last: one the lexical ranker keeps, or scored above them all.
    const closing = hits[limit - 1];
    if (
      closing &&
      (closing.score > SOFT_ONLY_SCALE || first.some((candidate) => candidate.id === closing.id))
    )
      return hits;
    if (pass.matching) softMatch.credit(softOnly.map((candidate) => entries.get(candidate.id)));
    for (const candidate of softOnly) {
      candidate.relevance = judge(entries.get(candidate.id), 0, pass);
      candidate.score = SOFT_ONLY_SCALE * judged.soft;
    }
    return judgeInOrder([...first, ...[...rest, ...softOnly].sort(byScore)], limit, pass);
  };

  /**
   * `rankTop`'s answer when the documents the lexical ranker keeps fill it: the first `limit` of them (in its order)
   * that the fusion keeps, or `undefined` when fewer pass. Reads only the pass's `kept` and explanations, so a pass
   * without the nearest serves: what only the fusion finds comes after every one of these.
   */
  const rankKept = (pass: WordVectorPass, limit: number): RankHit[] | undefined => {
    const kept = pass.kept ?? [];
    if (kept.length < limit) return undefined;
    const list = kept.map((hit, position) => ({
      id: hit.id,
      score: hit.score,
      position,
      relevance: undefined,
    }));
    const hits = judgeInOrder(list, limit, pass);
    return hits.length === limit ? hits : undefined;
  };

  /**
   * The first `limit` relevant candidates of a list in its order, their words credited a batch at a time. A
   * candidate judged before keeps its relevance (the same inputs, and its words' credits hold for the query).
   */
  const judgeInOrder = (list: readonly Candidate[], limit: number, pass: Pass): RankHit[] => {
    const hits: RankHit[] = [];
    for (let start = 0, end = 0; start < list.length && hits.length < limit; start = end) {
      // As many as could fill the answer, at least a batch.
      end = Math.min(list.length, start + Math.max(BATCH, limit - hits.length));
      if (pass.matching) softMatch.credit(unjudged(list, start, end));
      for (let at = start; at < end; at++) {
        const candidate = list[at]!;
        candidate.relevance ??= judge(
          entries.get(candidate.id),
          pass.explained.get(candidate.id)?.relevance ?? 0,
          pass,
        );
        if (candidate.relevance >= threshold && candidate.score > 0)
          hits.push(belowLast(hits, { id: candidate.id, score: candidate.score }));
        if (hits.length === limit) break;
      }
    }
    return hits;
  };
  /** The entries of the candidates from `start` to `end` not judged yet. */
  const unjudged = (list: readonly Candidate[], start: number, end: number) => {
    const found: Array<WordVectorEntry | undefined> = [];
    for (let at = start; at < end; at++) {
      if (list[at]!.relevance === undefined) found.push(entries.get(list[at]!.id));
    }
    return found;
  };

  return { judged, judge, judgeAll, judgeEach, relevantByLexical, rankTop, rankKept };
}
