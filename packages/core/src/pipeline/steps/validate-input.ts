import { actionError, type Issue } from '../../errors/action-error.js';
import type { Validation } from '../../schema/compile-validator.js';
import { MAX_CALL_ID_LENGTH, textProblem } from '../../util/check-text.js';
import { type CallState, fail, NEXT, onAnswer, type Step, type StepOutcome } from '../call-state.js';

// The last target id that passed its check: calls mostly repeat it.
let lastTargetId = '';

/** Take the target id out of scoped calls and validate the rest against the input schema. */
export const validateInput: Step = {
  name: 'validate',
  run(state) {
    const action = state.action!;
    const args = state.args!;
    let input = args;
    if (action.scope) {
      const param = action.targetParam ?? state.runtime.targetParam;
      const id = args[param];
      // A good id is kept in `targetId`; a missing or bad one is reported with the schema's issues (see conclude).
      if (
        typeof id === 'string' &&
        id !== '' &&
        (id === lastTargetId || !textProblem(id, MAX_CALL_ID_LENGTH))
      )
        state.targetId = lastTargetId = id;
      // Copy without the target id (no `delete`, which would slow every later property access).
      input = {};
      // `args` is the parse step's own plain copy; for-in walks its enumeration cache without making a key array.
      for (const key in args) if (key !== param && Object.hasOwn(args, key)) input[key] = args[key];
    }
    const plan = state.plan!;
    plan.inputValidator ??= state.runtime.inputValidator(action);
    return onAnswer(state, plan.inputValidator(input), conclude);
  },
};

function conclude(state: CallState, validation: Validation): StepOutcome {
  const targetIssue = state.action!.scope && state.targetId === undefined ? targetIdIssue(state) : undefined;
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

// What is wrong with a scoped call's target id: missing, not a string, or one no real target has (a resolver, a
// database, must not be asked for it).
function targetIdIssue(state: CallState): Issue {
  const action = state.action!;
  const param = action.targetParam ?? state.runtime.targetParam;
  const id = state.args![param];
  if (typeof id === 'string' && id !== '') {
    return { path: [param], keyword: 'format', message: `${param} ${textProblem(id, MAX_CALL_ID_LENGTH)}` };
  }
  return {
    path: [param],
    keyword: 'required',
    message:
      id === undefined
        ? `${param} is required: the id of the ${action.scope} to act on`
        : `${param} must be the id (a string) of the ${action.scope} to act on`,
  };
}
