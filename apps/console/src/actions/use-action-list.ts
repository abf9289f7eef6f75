import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ActionEntry } from '../api/types.js';

/** What a list of actions shows while it loads. */
export interface ActionList {
  readonly items: readonly ActionEntry[];
  readonly loading: boolean;
  readonly error: string | undefined;
}

/**
 * "What can I do here?" from `GET /api/actions` for a target (`type:id`) and query, refetched when they or
 * `revision` change (debounced while typing). Actions scoped to other target types are left out.
 */
export function useActionList(
  api: ApiClient,
  query: { readonly target: { readonly type: string; readonly id: string } | undefined; readonly q: string },
  revision: number,
): ActionList {
  const [state, setState] = useState<ActionList>({ items: [], loading: true, error: undefined });
  const { target, q } = query;
  const type = target?.type;
  const id = target?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` asks for a refetch after calls and changes
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    const timer = setTimeout(
      () => {
        api
          .actions({ ...(type && id ? { target: `${type}:${id}` } : {}), ...(q ? { q } : {}) })
          .then((items) => {
            if (!live) return;
            const relevant = type ? items.filter((item) => !item.scope || item.scope === type) : items;
            setState({ items: relevant, loading: false, error: undefined });
          })
          .catch((error: Error) => live && setState({ items: [], loading: false, error: error.message }));
      },
      q ? 120 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, type, id, q, revision]);
  return state;
}
