import { missingRole } from '../../action/check-roles.js';
import { actionError } from '../../errors/action-error.js';
import { type CallState, fail, NEXT, onAnswer, type Step, type StepOutcome } from '../call-state.js';

/** Check the action's roles against the user, then the registry's pluggable policy. */
export const authorize: Step = {
  name: 'authorize',
  applies: (action, runtime) => (action.roles?.length ?? 0) > 0 || runtime.policy !== undefined,
  run(state) {
    const action = state.action!;
    const refusal = missingRole(action, state.user);
    if (refusal) return fail(actionError('forbidden', `${state.name} ${refusal}`));
    const policy = state.runtime.policy;
    if (!policy) return NEXT;
    let verdict: ReturnType<typeof policy>;
    try {
      verdict = policy({
        action,
        name: state.name,
        input: state.input,
        user: state.user,
        context: state.context,
        target: state.target,
      });
    } catch (error) {
      return refused(state, error);
    }
    return onAnswer(state, verdict, conclude, refused);
  },
};

function refused(state: CallState, error: unknown): StepOutcome {
  return fail(actionError('forbidden', `the policy refused ${state.name}: ${(error as Error).message}`));
}

function conclude(
  state: CallState,
  verdict: boolean | { readonly allowed: boolean; readonly reason?: string },
): StepOutcome {
  const allowed = typeof verdict === 'boolean' ? verdict : verdict.allowed;
  if (allowed) return NEXT;
  const reason = typeof verdict === 'object' && verdict.reason ? `: ${verdict.reason}` : '';
  return fail(actionError('forbidden', `the policy does not allow ${state.name}${reason}`));
}
