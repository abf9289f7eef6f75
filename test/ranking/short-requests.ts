// The short-request tuning set (test/fixtures/short-requests, written before tuning): everyday requests for the 41
// tools of six MCP servers (test/fixtures/mcp-servers, MIT / Apache-2.0), asked as `available({ query, limit: 3 })`.
import { type AvailableQuery, createRegistry } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import { mcpToolToAction, readMcpServers } from '../support/mcp-servers.js';
import { type RequestScore, readRequestSet, scoreAnswers } from './request-sets.js';

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
  return readRequestSet('short-requests/short-requests.json');
}

/** Ask every request of the set of a registry of the six servers' tools ranked by `makeRanker()`. */
export function evaluateShortRequests(
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'query' | 'limit'> = {},
  requests: readonly ShortRequest[] = shortRequests(),
): RequestScore {
  return evaluateRequests(SHORT_REQUEST_SERVERS, makeRanker, extra, requests);
}

/** Ask `requests` of a registry of the tools of `serverNames` ranked by `makeRanker()`, `limit: 3`. */
export function evaluateRequests(
  serverNames: readonly string[],
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'query' | 'limit'>,
  requests: readonly ShortRequest[],
): RequestScore {
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
