import { type CallState, NEXT, onAnswer, type Step, type StepOutcome } from '../call-state.js';
import { failedAfterHandler } from '../failed-after-handler.js';

/** Record a successful call in its session's history, which `requires` reads; a replay is not recorded again. */
export const recordHistory: Step = {
  name: 'history',
  port: 'the session history',
  only: 'in-session',
  closing: true,
  run(state) {
    const { sessionId } = state.call;
    if (!sessionId || state.replayed || !state.outcome!.ok) return NEXT;
    let recorded: void | Promise<void>;
    try {
      recorded = state.runtime.store.history.record(sessionId, state.name);
    } catch (error) {
      return historyFailed(state, error);
    }
    return onAnswer(state, recorded, recordedNow, historyFailed);
  },
};

function recordedNow(): StepOutcome {
  return NEXT;
}

// The handler ran and its effects stand: the call answers handler_error saying the history could not record it.
function historyFailed(state: CallState, error: unknown): StepOutcome {
  state.outcome = failedAfterHandler(state, state.outcome!, 'the session history could not record it', error);
  return NEXT;
}
