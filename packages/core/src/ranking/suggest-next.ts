import { qualifiedName } from '../action/qualified-name.js';
import type { AnyAction } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import type { AvailableQuery } from '../registry/available.js';
import type { Registry } from '../registry/create-registry.js';

/** Options of `suggestNext`: the call that just succeeded, plus the filters of `available`. */
export interface SuggestNextOptions
  extends Omit<AvailableQuery, 'query' | 'minScore' | 'completed' | 'include'> {
  readonly registry: Pick<Registry, 'get' | 'list' | 'available' | 'store'>;
  /** The action that just succeeded (qualified name or alias). */
  readonly after: string;
  /** What the user asked for, to rank the suggestions by (optional). */
  readonly query?: string;
  /** Actions that succeeded earlier; default: the session's history when `sessionId` is given. */
  readonly completed?: Iterable<string>;
  /** `available` (default) drops suggestions that cannot run now; `all` keeps them with their reason. */
  readonly include?: 'all' | 'available';
}

/** One suggested follow-up. */
export interface Suggestion {
  readonly name: string;
  readonly action: AnyAction;
  /** `next`: listed in the action's `next`; `unlocked`: its `requires` named the action and are now all met. */
  readonly source: 'next' | 'unlocked';
  readonly available: boolean;
  readonly reason?: string;
  /** 2 for `next`, 1 for `unlocked`, plus the query's relevance in [0, 1) when a query is given. */
  readonly score: number;
}

/**
 * Actions to offer after `after` succeeded: those in its `next` (in order), then those whose `requires` it was the
 * last one missing, each checked against target, user, roles and `when`; available ones first.
 */
export function suggestNext(options: SuggestNextOptions): Suggestion[] {
  const { registry, after, query, limit, include = 'available', completed, ...filters } = options;
  const action = registry.get(after);
  if (!action)
    throw new AffordanceError('invalid_option', `suggestNext: no action is named ${JSON.stringify(after)}`);
  const name = qualifiedName(action);
  const done = new Set<string>([...(completed ?? historyOf(registry, filters.sessionId)), name]);
  const sources = new Map<string, 'next' | 'unlocked'>();
  for (const next of action.next ?? []) {
    const found = registry.get(next);
    if (found && qualifiedName(found) !== name) sources.set(qualifiedName(found), 'next');
  }
  for (const candidate of registry.list()) {
    const candidateName = qualifiedName(candidate);
    const requires = candidate.requires ?? [];
    const unlocked = requires.includes(name) && requires.every((required) => done.has(required));
    if (unlocked && !sources.has(candidateName) && candidateName !== name) {
      sources.set(candidateName, 'unlocked');
    }
  }
  if (sources.size === 0) return [];
  const relevance = query?.trim()
    ? new Map(
        registry
          .available({ ...filters, query, completed: done })
          .map((entry) => [entry.name, entry.score ?? 0]),
      )
    : undefined;
  const order = [...sources.keys()];
  const suggestions: Suggestion[] = [];
  for (const entry of registry.available({ ...filters, completed: done, include: 'all' })) {
    const source = sources.get(entry.name);
    if (!source) continue;
    if (!entry.available && include === 'available') continue;
    suggestions.push({
      name: entry.name,
      action: entry.action,
      source,
      available: entry.available,
      ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
      score: (source === 'next' ? 2 : 1) + Math.min(0.999, relevance?.get(entry.name) ?? 0),
    });
  }
  suggestions.sort(
    (a, b) =>
      Number(b.available) - Number(a.available) ||
      b.score - a.score ||
      order.indexOf(a.name) - order.indexOf(b.name),
  );
  return limit !== undefined && limit >= 0 ? suggestions.slice(0, limit) : suggestions;
}

function historyOf(registry: Pick<Registry, 'store'>, sessionId: string | undefined): Iterable<string> {
  if (!sessionId) return [];
  const found = registry.store.history.succeeded(sessionId);
  if (found instanceof Promise) {
    throw new AffordanceError(
      'invalid_option',
      'suggestNext is synchronous and the session history is async: pass completed: await registry.store.history.succeeded(sessionId)',
    );
  }
  return found;
}
