import type { AvailableAction, AvailableQuery } from '@affordance/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useAffordance } from '../affordance-context.js';

/**
 * "What can I do here?": the registry's actions for a target and query, ranked by the registry's ranker, with
 * unavailable ones kept and their reason (`include: 'all'`); the provider's user and context apply by default.
 */
export function useAvailableActions(
  query: Omit<AvailableQuery, 'include'> & { readonly include?: AvailableQuery['include'] } = {},
): AvailableAction[] {
  const { registry, user, context } = useAffordance();
  const version = useSyncExternalStore(
    (listener) => registry.on('change', listener),
    () => registry.version,
    () => registry.version,
  );
  const { target, query: text, limit, scope, include = 'all' } = query;
  const who = query.user ?? user;
  const where = query.context ?? context;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes whenever the registry does
  return useMemo(
    () =>
      registry.available({
        ...(target !== undefined ? { target } : {}),
        ...(text ? { query: text } : {}),
        ...(limit !== undefined ? { limit } : {}),
        ...(scope !== undefined ? { scope } : {}),
        ...(who ? { user: who } : {}),
        ...(where ? { context: where } : {}),
        include,
      }),
    [registry, version, target, text, limit, scope, who, where, include],
  );
}
