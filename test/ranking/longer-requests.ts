// The longer-request tuning set (test/fixtures/longer-requests, written before tuning): everyday requests of 4–8
// words for the 43 tools of five MCP servers (test/fixtures/mcp-servers, MIT / Apache-2.0), asked as
// `available({ query, limit: 3 })`.
import type { AvailableQuery } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import { type RequestScore, readRequestSet } from './request-sets.js';
import { evaluateRequests, type ShortRequest } from './short-requests.js';

/** The servers whose tools make the registry of the set (gitlab's tools share github's names, so it is left out). */
export const LONGER_REQUEST_SERVERS = [
  'github',
  'everything',
  'postgres',
  'aws-kb-retrieval',
  'sequential-thinking',
] as const;

/** The 116 requests of the set. */
export function longerRequests(): ShortRequest[] {
  return readRequestSet('longer-requests/longer-requests.json');
}

/** Ask every request of the set of a registry of the five servers' tools ranked by `makeRanker()`. */
export function evaluateLongerRequests(
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'query' | 'limit'> = {},
  requests: readonly ShortRequest[] = longerRequests(),
): RequestScore {
  return evaluateRequests(LONGER_REQUEST_SERVERS, makeRanker, extra, requests);
}
