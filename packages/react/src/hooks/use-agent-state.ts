import type { JsonObject, SharedStateStore } from '@affordance/client';
import { useCallback, useSyncExternalStore } from 'react';

/** Replace the shared state, or change it from the current one; it goes to the agent with the next run. */
export type SetAgentState<TState> = (next: TState | ((current: TState) => TState)) => void;

/**
 * The state shared with the agent, as `[state, setState]`: re-renders on the agent's STATE_SNAPSHOT / STATE_DELTA
 * and on every `setState`; what the user sets goes with the next run. Pass the chat (`useAgentChat().chat`) or its
 * store. Never mutate `state`: set a new object. A state over the store's size limit throws `SharedStateError`.
 */
export function useAgentState<TState extends JsonObject = JsonObject>(
  source: SharedStateStore | { readonly state: SharedStateStore },
): [TState, SetAgentState<TState>] {
  const store = 'applyDelta' in source ? source : source.state;
  const state = useSyncExternalStore(store.subscribe, store.get, store.get) as TState;
  const setState = useCallback<SetAgentState<TState>>(
    (next) => store.set(next as JsonObject | ((current: JsonObject) => JsonObject)),
    [store],
  );
  return [state, setState];
}
