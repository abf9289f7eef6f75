import {
  createThreadList,
  type ThreadList,
  type ThreadListOptions,
  type ThreadListSnapshot,
} from '@affordance/client';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** What `useThreadList` returns: the list's snapshot and its commands. */
export interface UseThreadListResult extends ThreadListSnapshot {
  readonly refresh: ThreadList['refresh'];
  readonly select: ThreadList['select'];
  readonly loadOlder: ThreadList['loadOlder'];
  readonly create: ThreadList['create'];
  readonly list: ThreadList;
}

/**
 * The current user's threads (`createThreadList`; options read once), listed when the component mounts. Give
 * `currentId` and `messages` to `<Chat threadId messages>`, and the list itself as `older` for its "Load earlier
 * messages" (`hasOlder`, `loadOlder`).
 */
export function useThreadList(options: ThreadListOptions = {}): UseThreadListResult {
  const [list] = useState(() => createThreadList(options));
  useEffect(() => {
    void list.refresh();
  }, [list]);
  const snapshot = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getSnapshot);
  return {
    ...snapshot,
    refresh: list.refresh,
    select: list.select,
    loadOlder: list.loadOlder,
    create: list.create,
    list,
  };
}
