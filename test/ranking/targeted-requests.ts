// The targeted-request tuning set (test/fixtures/targeted-requests, written before tuning): everyday requests made
// with a target selected, asked of a small task board's scoped actions (task-board.ts) as a palette asks:
// `available({ target, query, limit: 3 })`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AvailableQuery, createRegistry } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import { dataRoot } from './datasets.js';
import { type ShortRequestScore, scoreAnswers } from './short-requests.js';
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
  return scoreAnswers(
    requests.map((request) => ({
      query: `${request.target} ${request.query}`,
      expected: request.expected,
      got: registry
        .available({ ...extra, target: request.target, query: request.query, limit: 3 })
        .filter((entry) => entry.available)
        .map((entry) => entry.name),
    })),
  );
}
