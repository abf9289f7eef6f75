import { actionError, type Issue } from '../../errors/action-error.js';
import type { Validation } from '../../schema/compile-validator.js';
import { type CallState, fail, NEXT, type Step, type StepOutcome } from '../call-state.js';

/** Take the target id out of scoped calls and validate the rest against the input schema. */
export const validateInput: Step = {
  name: 'validate',
  run(state) {
    const action = state.action!;
    const args = state.args!;
    let input = args;
    const issues: Issue[] = [];
    if (action.scope) {
      const param = action.targetParam ?? state.runtime.targetParam;
      const id = args[param];
      if (typeof id !== 'string' || id === '') {
        issues.push({
          path: [param],
          keyword: 'required',
          message:
            id === undefined
              ? `${param} is required: the id of the ${action.scope} to act on`
              : `${param} must be the id (a string) of the ${action.scope} to act on`,
        });
      } else state.targetId = id;
      // Copy without the target id (no `delete`, which would slow every later property access).
      input = {};
      for (const key in args) if (key !== param && Object.hasOwn(args, key)) input[key] = args[key];
    }
    const validation = state.runtime.inputValidator(action)(input);
    if (validation instanceof Promise) return validation.then((result) => conclude(state, result, issues));
    return conclude(state, validation, issues);
  },
};

function conclude(state: CallState, validation: Validation, issues: Issue[]): StepOutcome {
  if (!validation.ok) issues.push(...validation.issues);
  if (issues.length > 0) {
    const message = issues.map((issue) => issue.message).join('; ');
    return fail(
      actionError('invalid_args', message, {
        issues,
        hint: `fix the arguments of ${state.name} and call it again`,
      }),
    );
  }
  state.input = (validation as { value: unknown }).value;
  return NEXT;
}
