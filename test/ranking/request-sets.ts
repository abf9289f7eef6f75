// What the everyday-request tuning sets share (short, longer, targeted, slide; test/fixtures/*-requests): reading a
// set, asking its requests with `limit: 3` and scoring the answers. The sets and the registries they ask stay in
// their own modules.
import { type AnyAction, type AvailableQuery, createRegistry, type Registry } from '@affordance/core';
import type { WordVectorRanker } from '@affordance/core/ranking';
import { readFixture } from './datasets.js';

/** Shares of the requests a tool serves with one of its tools in the top 3 (and first), and of the others answered `[]`. */
export interface RequestScore {
  readonly top3: number;
  readonly top1: number;
  /** Requests no tool serves, answered with nothing. */
  readonly rejected: number;
  readonly misses: ReadonlyArray<{ readonly query: string; readonly got: readonly string[] }>;
}

/** One request's answer: what was asked, the names that serve it, the names the registry gave (best first). */
export interface RequestAnswer {
  readonly query: string;
  readonly expected: readonly string[];
  readonly got: readonly string[];
}

/** One request made with something selected: its `type:id`, the words, the actions that serve it (none: no action does). */
export interface ScopedRequest {
  readonly target: string;
  readonly query: string;
  readonly expected: readonly string[];
}

/** The requests of a set, from its JSON file under test/fixtures (`slide-requests/slide-requests.json`). */
export function readRequestSet<TRequest>(file: string): TRequest[] {
  return readFixture<TRequest[]>(file);
}

/** Score the answers: top 3 and top 1 of the served requests, rejection of the others, and every miss. */
export function scoreAnswers(answers: readonly RequestAnswer[]): RequestScore {
  let served = 0;
  let top3 = 0;
  let top1 = 0;
  let rejected = 0;
  const misses: Array<{ query: string; got: readonly string[] }> = [];
  for (const { query, expected, got } of answers) {
    if (expected.length === 0) {
      if (got.length === 0) rejected++;
      else misses.push({ query, got });
      continue;
    }
    served++;
    if (got.some((name) => expected.includes(name))) top3++;
    else misses.push({ query, got });
    if (got[0] !== undefined && expected.includes(got[0])) top1++;
  }
  const unserved = answers.length - served;
  return {
    top3: top3 / (served || 1),
    top1: top1 / (served || 1),
    rejected: rejected / (unserved || 1),
    misses,
  };
}

/** How a set of scoped requests is asked. */
export interface ScopedAskOptions {
  readonly requests: readonly ScopedRequest[];
  /** The registry that answers a request (a set may keep one per state of the selection). */
  readonly registryFor: (request: ScopedRequest) => Registry;
  /** More of the query (`intent`), the same for every request. */
  readonly extra: Omit<AvailableQuery, 'target' | 'query' | 'limit'>;
  /** Count only the actions available for the target; otherwise every action answered counts. */
  readonly availableOnly: boolean;
}

/** Ask every request as a palette asks, `available({ target, query, limit: 3 })`, and score the answers. */
export function askScopedRequests(options: ScopedAskOptions): RequestScore {
  const { requests, registryFor, extra, availableOnly } = options;
  return scoreAnswers(
    requests.map((request) => {
      const answered = registryFor(request).available({
        ...extra,
        target: request.target,
        query: request.query,
        limit: 3,
      });
      return {
        query: `${request.target} ${request.query}`,
        expected: request.expected,
        got: answered.filter((entry) => !availableOnly || entry.available).map((entry) => entry.name),
      };
    }),
  );
}

/** A word-vector ranker, the actions it ranks, and the scoped requests asked of them. */
export interface JudgedRequests {
  readonly ranker: WordVectorRanker;
  readonly actions: readonly AnyAction[];
  readonly requests: readonly ScopedRequest[];
}

/**
 * The actions of each request's selected type that the ranker, given the actions, judges more than 0.01 below their
 * lexical relevance (`query: action id`).
 */
export function judgedBelowLexical({ ranker, actions, requests }: JudgedRequests): string[] {
  createRegistry({ actions: [...actions], ranker });
  const below: string[] = [];
  for (const { target, query } of requests) {
    const type = target.split(':')[0]!;
    for (const judged of ranker.explain(query)) {
      if (judged.id.startsWith(`${type}_`) && judged.relevance < judged.lexical - 0.01)
        below.push(`${query}: ${judged.id}`);
    }
  }
  return below;
}
