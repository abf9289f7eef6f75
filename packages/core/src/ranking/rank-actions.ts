import type { AvailableAction, AvailableQuery } from '../registry/available.js';
import type { Registry } from '../registry/create-registry.js';

/** Options of `rankActions`: the filters of `available`, the registry, and the ranker it was created with. */
export interface RankActionsOptions extends AvailableQuery {
  readonly registry: Pick<Registry, 'available'>;
  /** The registry's ranker, when it needs to prepare a query asynchronously (a semantic ranker). */
  readonly ranker?: { prepare(query: string, options?: { readonly signal?: AbortSignal }): Promise<void> };
  readonly query: string;
  readonly signal?: AbortSignal;
}

/** `registry.available` for a query, after the ranker embedded it: the async path of semantic ranking. */
export async function rankActions(options: RankActionsOptions): Promise<AvailableAction[]> {
  const { registry, ranker, signal, ...query } = options;
  await ranker?.prepare(query.query, signal ? { signal } : {});
  return registry.available(query);
}
