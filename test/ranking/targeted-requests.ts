// The targeted-request tuning set (test/fixtures/targeted-requests, written before tuning): everyday requests made
// with a target selected, asked of a small task board's scoped actions (task-board.ts) as a palette asks:
// `available({ target, query, limit: 3 })`.
import { type AvailableQuery, createRegistry } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import { askScopedRequests, type RequestScore, readRequestSet, type ScopedRequest } from './request-sets.js';
import { taskBoardActions } from './task-board.js';

/** One request: what is selected (`type:id`), the words, the actions that serve it (none: no action does). */
export type TargetedRequest = ScopedRequest;

/** The 107 requests of the set. */
export function targetedRequests(): TargetedRequest[] {
  return readRequestSet('targeted-requests/targeted-requests.json');
}

/** Ask every request of the set of the task board ranked by `makeRanker()`, with its target selected. */
export function evaluateTargetedRequests(
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'target' | 'query' | 'limit'> = {},
  requests: readonly TargetedRequest[] = targetedRequests(),
): RequestScore {
  const registry = createRegistry({
    actions: taskBoardActions(),
    ranker: makeRanker(),
    targets: {
      get: (type, id) => ({ type, id }),
    },
  });
  return askScopedRequests({ requests, registryFor: () => registry, extra, availableOnly: true });
}
