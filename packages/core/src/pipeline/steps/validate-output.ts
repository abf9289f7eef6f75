import { actionError } from '../../errors/action-error.js';
import type { Validation } from '../../schema/compile-validator.js';
import { fail, type Step, type StepOutcome } from '../call-state.js';

/** Check the handler's value against the action's output schema, when it declares one, and finish. */
export const validateOutput: Step = {
  name: 'output',
  run(state) {
    const validator = state.runtime.outputValidator(state.action!);
    const message = state.message;
    if (!validator) return { finish: message ? { ok: true, value: state.value, message } : { ok: true, value: state.value } };
    const conclude = (validation: Validation): StepOutcome => {
      if (validation.ok) return { finish: message ? { ok: true, value: validation.value, message } : { ok: true, value: validation.value } };
      const summary = validation.issues.map((issue) => issue.message).join('; ');
      return fail(
        actionError('invalid_output', `${state.name} returned a value that does not match its output schema: ${summary}`, {
          issues: validation.issues,
        }),
      );
    };
    const validation = validator(state.value);
    return validation instanceof Promise ? validation.then(conclude) : conclude(validation);
  },
};
