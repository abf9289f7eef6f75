import { actionError } from '../../errors/action-error.js';
import { type CallState, fail, NEXT, onAnswer, type StepAnswer, type StepOutcome } from '../call-state.js';

/** What the prerequisites step does (`check-prerequisites.ts`), loaded on the first call of an action with `requires`. */
export function checkRequired(state: CallState): StepAnswer {
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
}

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
