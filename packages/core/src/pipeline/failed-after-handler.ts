import { type ActionError, actionError } from '../errors/action-error.js';
import type { StoredOutcome } from '../ports/idempotency-store.js';
import { maskSecrets } from '../redact/mask-secrets.js';
import { storableText } from '../util/check-text.js';
import type { CallState, Step } from './call-state.js';

/**
 * The outcome of a call whose handler ran but whose bookkeeping then failed (`what`: "the session history could
 * not record it"): the failure is logged, and a success becomes `handler_error` saying the effects stand and the
 * call must not be sent again (the code is not retryable); a failure keeps its own error.
 */
export function failedAfterHandler(
  state: CallState,
  outcome: StoredOutcome,
  what: string,
  error: unknown,
): StoredOutcome {
  state.runtime.logger.error(
    { callId: state.callId, name: state.name, err: error },
    `${state.name} ran, but ${what}`,
  );
  if (!outcome.ok) return outcome;
  return {
    ok: false,
    error: actionError('handler_error', `${state.name} ran, but ${what}; its effects stand`, {
      hint: 'do not call it again: tell the user it was done, and that the server could not record it fully',
      details: { handlerRan: true },
    }),
  };
}

/**
 * The error of a step that threw or whose promise rejected. Always logged with the error. A step that waits on a
 * store (`port`) is reported in the pipeline's own words (a store's message may hold a database's text or a value);
 * another step's message is kept, made storable, its secret-shaped text masked, and cut at 300 characters.
 */
export function stepFailed(state: CallState, step: Step, error: unknown): ActionError {
  state.runtime.logger.error(
    { callId: state.callId, name: state.name, step: step.name, err: error },
    `the ${step.name} step failed`,
  );
  if (step.port) {
    return actionError('handler_error', `${step.port} failed, so ${state.name} did not run`, {
      hint: 'try again later; the server log has the error under this call id',
      details: { step: step.name },
    });
  }
  const message = maskSecrets(storableText(String((error as Error)?.message ?? error)));
  return actionError(
    'handler_error',
    `internal error in the ${step.name} step: ${message.length > 300 ? `${message.slice(0, 300)}…` : message}`,
    { details: { step: step.name } },
  );
}
