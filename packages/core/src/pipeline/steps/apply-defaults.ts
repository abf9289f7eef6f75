import { actionError } from '../../errors/action-error.js';
import { fail, NEXT, type Step } from '../call-state.js';
import { sanitizeArgs } from '../sanitize-args.js';

/** Fill arguments the caller left out from `defaults(context)`; what the caller sent always wins. */
export const applyDefaults: Step = {
  name: 'defaults',
  applies: (action) => action.defaults !== undefined,
  run(state) {
    const action = state.action!;
    if (!action.defaults) return NEXT;
    let defaults: unknown;
    try {
      defaults = action.defaults(state.context, { user: state.user });
    } catch (error) {
      return fail(
        actionError(
          'handler_error',
          `defaults() of ${state.name} threw: ${(error as Error)?.message ?? String(error)}`,
        ),
      );
    }
    if (defaults === undefined || defaults === null) return NEXT;
    const copied = sanitizeArgs(defaults, state.runtime.limits);
    if ('problem' in copied || typeof copied.value !== 'object' || Array.isArray(copied.value)) {
      return fail(
        actionError('handler_error', `defaults() of ${state.name} must return a plain JSON object`),
      );
    }
    const args = state.args!;
    for (const [key, value] of Object.entries(copied.value as Record<string, unknown>)) {
      if (args[key] === undefined) args[key] = value; // `__proto__` keys were refused when the defaults were copied
    }
    return NEXT;
  },
};
