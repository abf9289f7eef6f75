import { actionError } from '../../errors/action-error.js';
import { monotonicMs } from '../../util/wall-clock.js';
import { NEXT, type Step } from '../call-state.js';
import { failedAfterHandler } from '../failed-after-handler.js';
import { shapeResult } from '../shape-result.js';

const UNSHAPED = actionError(
  'handler_error',
  'internal error in the pipeline: the error could not be shaped',
);

/** Build the caller's result from the outcome: the value or error, ids, duration and `modelOutput`. */
export const shapeOutcome: Step = {
  name: 'shape',
  closing: true,
  run(state) {
    const outcome = state.outcome!;
    const durationMs = monotonicMs() - state.started;
    try {
      state.result = shapeResult(state, outcome, durationMs, state.replayed);
    } catch (error) {
      // A `toModelOutput` or a value that cannot be turned into text: the call still answers, saying so.
      const failed = failedAfterHandler(state, outcome, 'its result could not be shaped', error);
      state.result = shapeResult(
        state,
        outcome.ok ? failed : { ok: false, error: UNSHAPED },
        durationMs,
        false,
      );
    }
    return NEXT;
  },
};
