import { isKernelError, type Registry, type Target } from '@affordance/core';
import { ServerError } from '../server-error.js';

/**
 * The target a route's `target` query names (`type:id`), or undefined without one. A malformed reference is
 * `400 invalid_request`; one that names nothing is `404 target_not_found` with `notFound` as its message (routes
 * that must not echo the reference pass a message without it).
 */
export async function resolveTargetRef(
  registry: Registry,
  ref: string | undefined,
  notFound = 'there is no such target',
): Promise<Target | undefined> {
  if (ref === undefined || ref === '') return undefined;
  let target: Target | undefined;
  try {
    target = await registry.resolveTarget(ref);
  } catch (error) {
    if (isKernelError(error)) throw new ServerError('invalid_request', error.message);
    throw error;
  }
  if (!target) throw new ServerError('target_not_found', notFound, 'GET /api/targets lists them');
  return target;
}
