import { actionError } from '../../errors/action-error.js';
import type { Validation } from '../../schema/compile-validator.js';
import { type CallState, fail, NEXT, onAnswer, type Step, type StepOutcome } from '../call-state.js';

/** Check the handler's value against the action's output schema (in the plan only when it declares one). */
export const validateOutput: Step = {
  name: 'output',
  applies: (action) => action.output !== undefined,
  run(state) {
    const validator = state.runtime.outputValidator(state.action!);
    if (!validator) return NEXT;
    return onAnswer(state, validator(state.value), conclude);
  },
};

function conclude(state: CallState, validation: Validation): StepOutcome {
  if (validation.ok) {
    state.value = validation.value;
    return NEXT;
  }
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
