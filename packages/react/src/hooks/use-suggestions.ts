import {
  createSuggestionStore,
  type SuggestionQuery,
  type SuggestionSnapshot,
  type SuggestionSourceOptions,
} from '@affordance/client';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** Options of `useSuggestions`: where they come from (read once), and when to refetch. */
export interface UseSuggestionsOptions extends SuggestionSourceOptions {
  /** False leaves the suggestions idle (e.g. while a panel is hidden); default true. */
  readonly enabled?: boolean;
  /** Change it to refetch with the same query (e.g. after the app's data changed). */
  readonly revision?: number | string;
}

/**
 * Next actions and prompts for a target from `GET /api/suggestions`, refetched when the query changes (debounced
 * while `q` is typed); the last answer stays shown while the next one loads.
 */
export function useSuggestions(
  query: SuggestionQuery,
  options: UseSuggestionsOptions = {},
): SuggestionSnapshot {
  const [store] = useState(() =>
    createSuggestionStore({
      ...(options.url !== undefined ? { url: options.url } : {}),
      ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
      ...(options.headers !== undefined ? { headers: options.headers } : {}),
    }),
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const target = typeof query.target === 'object' ? `${query.target.type}:${query.target.id}` : query.target;
  const { after, q, limit } = query;
  const enabled = options.enabled !== false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` asks for a refetch with the same query
  useEffect(() => {
    if (!enabled) {
      store.clear();
      return;
    }
    const timer = setTimeout(() => void store.load({ target, after, q, limit }), q ? 150 : 0);
    return () => clearTimeout(timer);
  }, [store, enabled, target, after, q, limit, options.revision]);
  useEffect(() => () => store.clear(), [store]);
  return snapshot;
}
