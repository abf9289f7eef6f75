// The targeted-request tuning set (test/fixtures/targeted-requests, written before tuning): everyday requests made
// with a target selected, asked of a small task board's scoped actions (task-board.ts) as a palette asks:
// `available({ target, query, limit: 3 })`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AvailableQuery, createRegistry } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import { dataRoot } from './datasets.js';
import type { ShortRequestScore } from './short-requests.js';
import { taskBoardActions } from './task-board.js';

/** One request: what is selected (`type:id`), the words, the actions that serve it (none: no action does). */
export interface TargetedRequest {
  readonly target: string;
  readonly query: string;
  readonly expected: readonly string[];
}

/** The 107 requests of the set. */
export function targetedRequests(): TargetedRequest[] {
  const file = path.join(dataRoot, 'targeted-requests/targeted-requests.json');
  return JSON.parse(readFileSync(file, 'utf8')) as TargetedRequest[];
}

/** Ask every request of the set of the task board ranked by `makeRanker()`, with its target selected. */
export function evaluateTargetedRequests(
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'target' | 'query' | 'limit'> = {},
  requests: readonly TargetedRequest[] = targetedRequests(),
): ShortRequestScore {
  const registry = createRegistry({
    actions: taskBoardActions(),
    ranker: makeRanker(),
    targets: {
      get: (type, id) => ({ type, id }),
    },
  });
  let served = 0;
  let top3 = 0;
  let top1 = 0;
  let rejected = 0;
  const misses: Array<{ query: string; got: string[] }> = [];
  for (const request of requests) {
    const got = registry
      .available({ ...extra, target: request.target, query: request.query, limit: 3 })
      .filter((entry) => entry.available)
      .map((entry) => entry.name);
    if (request.expected.length === 0) {
      if (got.length === 0) rejected++;
      else misses.push({ query: `${request.target} ${request.query}`, got });
      continue;
    }
    served++;
    if (got.some((name) => request.expected.includes(name))) top3++;
    else misses.push({ query: `${request.target} ${request.query}`, got });
    if (got[0] !== undefined && request.expected.includes(got[0])) top1++;
  }
  const unserved = requests.length - served;
  return {
    top3: top3 / (served || 1),
    top1: top1 / (served || 1),
    rejected: rejected / (unserved || 1),
    misses,
  };
}
