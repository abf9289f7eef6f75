// The slide-request tuning set (test/fixtures/slide-requests, written before tuning): everyday requests made with an
// element selected, asked of a small slide editor's scoped actions (slide-deck.ts) as a palette asks:
// `available({ target, query, limit: 3 })`, the element in the state in which the expected action can run.
import { type AvailableQuery, createRegistry } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import { readFixture } from './datasets.js';
import { type FramedPhrases, framedRequests } from './framed-requests.js';
import { askScopedRequests, type RequestScore, readRequestSet, type ScopedRequest } from './request-sets.js';
import { type DeckScope, slideDeckActions } from './slide-deck.js';

/** One request: what is selected (`type:id`), the words, the actions that serve it (none: no action does). */
export type SlideRequest = ScopedRequest;

/** The 107 requests of the set. */
export function slideRequests(): SlideRequest[] {
  return readRequestSet('slide-requests/slide-requests.json');
}

/** The 30 questions about the selection of the addendum (`slide-questions.json`, written after the 107). */
export function slideQuestions(): SlideRequest[] {
  return readRequestSet('slide-requests/slide-questions.json');
}

/**
 * The slide editor's phrases (`slide-phrases.json`: 2–3 for each of the 33 actions, five ways to name each kind of
 * target) in the frames of the framed canvas requests (`framedRequests`): 47,040 requests, written after the rules
 * those frames led to, as a check of them on a registry they were not made for.
 */
export function framedSlideRequests(batches?: readonly number[]): SlideRequest[] {
  const phrases = readFixture<FramedPhrases>('slide-requests/slide-phrases.json');
  return framedRequests(phrases, '_', batches).map(({ target, query, action }) => ({
    target,
    query,
    expected: [action],
  }));
}

/**
 * Ask every request of the set of the slide editor ranked by `makeRanker()`, with its element selected: locked when
 * the expected action is `unlock`, unlocked otherwise. Every action answered counts, available or not, as the canvas
 * paraphrases are asked.
 */
export function evaluateSlideRequests(
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'target' | 'query' | 'limit'> = {},
  requests: readonly SlideRequest[] = slideRequests(),
): RequestScore {
  const registryWith = (locked: boolean) =>
    createRegistry({
      actions: slideDeckActions(),
      ranker: makeRanker(),
      targets: { get: (type, id) => ({ type: type as DeckScope, id, locked }) },
    });
  const unlocked = registryWith(false);
  const locked = registryWith(true);
  return askScopedRequests({
    requests,
    registryFor: (request) => (request.expected.some((name) => name.endsWith('_unlock')) ? locked : unlocked),
    extra,
    availableOnly: false,
  });
}
