import type { AnyAction, Target, User } from './types.js';

/** Ask an action's `when`: undefined when available, else the reason. A throwing `when` counts as unavailable. */
export function unavailableReason(
  action: AnyAction,
  state: {
    readonly target: Target | undefined;
    readonly context: Record<string, unknown>;
    readonly user: User | undefined;
  },
): string | undefined {
  if (!action.when) return undefined;
  let answer: unknown;
  try {
    answer = action.when(state);
  } catch (error) {
    return `its condition failed: ${(error as Error)?.message ?? String(error)}`;
  }
  if (answer === true || answer === undefined) return undefined;
  if (answer === false) return 'its condition is not met';
  if (typeof answer === 'object' && answer !== null) {
    const verdict = answer as { available?: unknown; reason?: unknown };
    if (verdict.available !== false) return undefined;
    return typeof verdict.reason === 'string' && verdict.reason ? verdict.reason : 'its condition is not met';
  }
  return 'its condition is not met';
}
