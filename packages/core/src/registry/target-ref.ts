import type { Target, TargetRef } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import type { RegistryRuntime, TargetResolver } from '../pipeline/runtime.js';
import type { AvailableQuery } from './available.js';

/** A target reference read: the object itself when it carries more than `type` and `id`, else its type and id. */
export function parseRef(ref: TargetRef): { target: Target } | { type: string; id: string } {
  if (typeof ref === 'string') {
    const colon = ref.indexOf(':');
    if (colon <= 0) throw new AffordanceError('invalid_option', `target '${ref}' must be written type:id`);
    return { type: ref.slice(0, colon), id: ref.slice(colon + 1) };
  }
  if (!ref || typeof ref !== 'object' || typeof ref.type !== 'string' || typeof ref.id !== 'string') {
    throw new AffordanceError(
      'invalid_option',
      'a target must be an object with string `type` and `id`, or the text type:id',
    );
  }
  const keys = Object.keys(ref);
  if (keys.length === 2) return { type: ref.type, id: ref.id };
  return { target: ref as Target };
}

/** Resolve a target for the synchronous `available` and `tools`; an async resolver is refused with the fix. */
export function resolveTargetSync(targets: TargetResolver | undefined, ref: TargetRef): Target | undefined {
  const parsed = parseRef(ref);
  if ('target' in parsed) return parsed.target;
  if (!targets) return { type: parsed.type, id: parsed.id };
  const found = targets.get(parsed.type, parsed.id);
  if (found instanceof Promise) {
    throw new AffordanceError(
      'invalid_option',
      'available() and tools() are synchronous, and the target resolver is async: pass the target object (await registry.resolveTarget(ref))',
    );
  }
  return found;
}

/** Resolve what `available` would need synchronously: the target object and the session's completed actions. */
export async function settleQuery<TQuery extends AvailableQuery>(
  runtime: RegistryRuntime,
  query: TQuery,
): Promise<TQuery> {
  let settled = query;
  if (query.target !== undefined && typeof query.target !== 'object') {
    const target = await runtime.resolveTarget(query.target);
    if (!target)
      throw new AffordanceError('invalid_option', `target '${String(query.target)}' was not found`);
    settled = { ...settled, target };
  } else if (query.target && Object.keys(query.target).length === 2) {
    const target = await runtime.resolveTarget(query.target);
    if (!target)
      throw new AffordanceError(
        'invalid_option',
        `target ${query.target.type}:${query.target.id} was not found`,
      );
    settled = { ...settled, target };
  }
  if (query.sessionId && !query.completed)
    settled = { ...settled, completed: await runtime.store.history.succeeded(query.sessionId) };
  return settled;
}
