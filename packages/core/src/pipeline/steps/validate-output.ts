import { actionError } from '../../errors/action-error.js';
import type { Validation } from '../../schema/compile-validator.js';
import { type CallState, fail, type Step, type StepOutcome } from '../call-state.js';

/** Check the handler's value against the action's output schema, when it declares one, and finish. */
export const validateOutput: Step = {
  name: 'output',
  run(state) {
    const validator = state.runtime.outputValidator(state.action!);
    if (!validator) return finish(state, state.value);
    const validation = validator(state.value);
    return validation instanceof Promise
      ? validation.then((result) => conclude(state, result))
      : conclude(state, validation);
  },
};

function finish(state: CallState, value: unknown): StepOutcome {
  return { finish: state.message ? { ok: true, value, message: state.message } : { ok: true, value } };
}

function conclude(state: CallState, validation: Validation): StepOutcome {
  if (validation.ok) return finish(state, validation.value);
  const summary = validation.issues.map((issue) => issue.message).join('; ');
  return fail(
    actionError(
      'invalid_output',
      `${state.name} returned a value that does not match its output schema: ${summary}`,
      {
        issues: validation.issues,
      },
    ),
  );
}
