import { createListeners } from '../listeners.js';
import {
  fetchSuggestions,
  type SuggestionQuery,
  type SuggestionSourceOptions,
  type Suggestions,
} from './fetch-suggestions.js';

/** What a suggestion row shows: the last answer (kept while the next one loads) and any error. */
export interface SuggestionSnapshot {
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly suggestions: Suggestions | undefined;
  readonly error: string | undefined;
}

/** Suggestions as an observable value, for any view layer (`useSyncExternalStore` in React). */
export interface SuggestionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SuggestionSnapshot;
  /** Fetch for a new query; a request still in flight is aborted and its answer ignored. */
  load(query: SuggestionQuery): Promise<void>;
  /** Abort any request and forget the suggestions. */
  clear(): void;
}

const IDLE: SuggestionSnapshot = { status: 'idle', suggestions: undefined, error: undefined };

/** Create a suggestion store over `GET /api/suggestions`. */
export function createSuggestionStore(options: SuggestionSourceOptions = {}): SuggestionStore {
  const listeners = createListeners();
  let snapshot = IDLE;
  let inFlight: AbortController | undefined;
  const set = (next: SuggestionSnapshot) => {
    snapshot = next;
    listeners.notify();
  };
  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => snapshot,
    async load(query) {
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      set({ ...snapshot, status: 'loading' });
      try {
        const suggestions = await fetchSuggestions(query, { ...options, signal: controller.signal });
        if (!controller.signal.aborted) set({ status: 'ready', suggestions, error: undefined });
      } catch (error) {
        if (!controller.signal.aborted)
          set({ status: 'error', suggestions: undefined, error: (error as Error).message });
      } finally {
        if (inFlight === controller) inFlight = undefined;
      }
    },
    clear() {
      inFlight?.abort();
      inFlight = undefined;
      set(IDLE);
    },
  };
}
