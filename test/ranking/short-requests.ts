// The short-request tuning set (test/fixtures/short-requests, written before tuning): everyday requests for the 41
// tools of six MCP servers (test/fixtures/mcp-servers, MIT / Apache-2.0), asked as `available({ query, limit: 3 })`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AvailableQuery, createRegistry } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import { mcpToolToAction, readMcpServers } from '../support/mcp-servers.js';
import { dataRoot } from './datasets.js';

/** One request and the tools that serve it (none: no tool of the registry does). */
export interface ShortRequest {
  readonly query: string;
  readonly expected: readonly string[];
}

/** The servers whose tools make the registry of the set. */
export const SHORT_REQUEST_SERVERS = [
  'filesystem',
  'slack',
  'google-maps',
  'memory',
  'brave-search',
  'everart',
] as const;

/** The 100 requests of the set. */
export function shortRequests(): ShortRequest[] {
  const file = path.join(dataRoot, 'short-requests/short-requests.json');
  return JSON.parse(readFileSync(file, 'utf8')) as ShortRequest[];
}

/** Shares of the requests a tool serves with one of its tools in the top 3 (and first), and of the others answered `[]`. */
export interface ShortRequestScore {
  readonly top3: number;
  readonly top1: number;
  /** Requests no tool serves, answered with nothing. */
  readonly rejected: number;
  readonly misses: ReadonlyArray<{ readonly query: string; readonly got: readonly string[] }>;
}

/** Ask every request of the set of a registry of the six servers' tools ranked by `makeRanker()`. */
export function evaluateShortRequests(
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'query' | 'limit'> = {},
  requests: readonly ShortRequest[] = shortRequests(),
): ShortRequestScore {
  return evaluateRequests(SHORT_REQUEST_SERVERS, makeRanker, extra, requests);
}

/** Ask `requests` of a registry of the tools of `serverNames` ranked by `makeRanker()`, `limit: 3`. */
export function evaluateRequests(
  serverNames: readonly string[],
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'query' | 'limit'>,
  requests: readonly ShortRequest[],
): ShortRequestScore {
  const servers = readMcpServers();
  const actions = serverNames.flatMap((server) => servers.get(server) ?? []).map(mcpToolToAction);
  const registry = createRegistry({ actions, ranker: makeRanker() });
  return scoreAnswers(
    requests.map((request) => ({
      query: request.query,
      expected: request.expected,
      got: registry.available({ ...extra, query: request.query, limit: 3 }).map((entry) => entry.name),
    })),
  );
}

/** One request's answer: what was asked, the names that serve it, the names the registry gave (best first). */
export interface RequestAnswer {
  readonly query: string;
  readonly expected: readonly string[];
  readonly got: readonly string[];
}

/** Score the answers: top 3 and top 1 of the served requests, rejection of the others, and every miss. */
export function scoreAnswers(answers: readonly RequestAnswer[]): ShortRequestScore {
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
