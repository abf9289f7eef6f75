import type { ToolCallEntry } from '@affordance/client';
import { useCallback, useSyncExternalStore } from 'react';
import { useAffordance } from '../affordance-context.js';

/** Every tracked tool call, re-rendering when any of them changes. */
export function useToolCalls(): readonly ToolCallEntry[] {
  const { store } = useAffordance();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** One tool call by id (undefined until it starts), re-rendering only when that call changes. */
export function useToolCall(id: string): ToolCallEntry | undefined {
  const { store } = useAffordance();
  const read = useCallback(() => store.get(id), [store, id]);
  return useSyncExternalStore(store.subscribe, read, read);
}
