import { actionError, type Issue } from '../../errors/action-error.js';
import type { Validation } from '../../schema/compile-validator.js';
import { MAX_CALL_ID_LENGTH, textProblem } from '../../util/check-text.js';
import { type CallState, fail, NEXT, type Step, type StepOutcome } from '../call-state.js';

// The last target id that passed its check: calls mostly repeat it.
let lastTargetId = '';

/** Take the target id out of scoped calls and validate the rest against the input schema. */
export const validateInput: Step = {
  name: 'validate',
  run(state) {
    const action = state.action!;
    const args = state.args!;
    let input = args;
    let issue: Issue | undefined;
    if (action.scope) {
      const param = action.targetParam ?? state.runtime.targetParam;
      const id = args[param];
      const problem =
        typeof id === 'string' && id !== '' && id !== lastTargetId
          ? textProblem(id, MAX_CALL_ID_LENGTH)
          : undefined;
      if (typeof id !== 'string' || id === '') {
        issue = {
          path: [param],
          keyword: 'required',
          message:
            id === undefined
              ? `${param} is required: the id of the ${action.scope} to act on`
              : `${param} must be the id (a string) of the ${action.scope} to act on`,
        };
      } else if (problem) {
        // No real target has such an id, and a resolver (a database) must not be asked for it.
        issue = { path: [param], keyword: 'format', message: `${param} ${problem}` };
      } else state.targetId = lastTargetId = id;
      // Copy without the target id (no `delete`, which would slow every later property access).
      input = {};
      // `args` is the parse step's own plain copy; for-in walks its enumeration cache without making a key array.
      for (const key in args) if (key !== param && Object.hasOwn(args, key)) input[key] = args[key];
    }
    const validation = state.runtime.inputValidator(action)(input);
    if (validation instanceof Promise) return validation.then((result) => conclude(state, result, issue));
    return conclude(state, validation, issue);
  },
};

function conclude(state: CallState, validation: Validation, targetIssue: Issue | undefined): StepOutcome {
  if (validation.ok && !targetIssue) {
    state.input = validation.value;
    return NEXT;
  }
  const issues: Issue[] = targetIssue ? [targetIssue] : [];
  if (!validation.ok) issues.push(...validation.issues);
  const message = issues.map((issue) => issue.message).join('; ');
  return fail(
    actionError('invalid_args', message, {
      issues,
      hint: `fix the arguments of ${state.name} and call it again`,
    }),
  );
}
