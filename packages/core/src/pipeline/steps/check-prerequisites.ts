import { actionError } from '../../errors/action-error.js';
import { type CallState, fail, NEXT, onAnswer, type Step, type StepOutcome } from '../call-state.js';

/** Every action in `requires` must have succeeded earlier in this session. */
export const checkPrerequisites: Step = {
  name: 'prerequisites',
  port: 'the session history',
  applies: (action) => (action.requires?.length ?? 0) > 0,
  run(state) {
    const requires = state.action!.requires;
    if (!requires || requires.length === 0) return NEXT;
    const sessionId = state.call.sessionId;
    if (!sessionId) {
      return fail(
        actionError(
          'prerequisite_missing',
          `${state.name} needs ${requires.join(', ')} to succeed first in the same session, and the call has no session`,
        ),
      );
    }
    return onAnswer(state, state.runtime.store.history.succeeded(sessionId), conclude);
  },
};

function conclude(state: CallState, succeeded: ReadonlySet<string>): StepOutcome {
  const missing = state.action!.requires!.filter((name) => !succeeded.has(name));
  if (missing.length === 0) return NEXT;
  return fail(
    actionError(
      'prerequisite_missing',
      `${state.name} needs ${missing.join(', ')} to succeed first in this session`,
      {
        hint: `call ${missing[0]} first`,
        details: { missing },
      },
    ),
  );
}
