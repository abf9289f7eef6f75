import type { ActionError, RunResult } from '@affordance/core';

/**
 * What a tool's `execute` throws when the pipeline refused or failed a call: its message is the fix-it text the
 * model reads (`RunResult.modelOutput`), so the AI SDK's `tool-error` part carries it; `code` and `error` keep the
 * typed error for the app.
 */
export class ActionCallError extends Error {
  override readonly name = 'ActionCallError';
  readonly code: ActionError['code'];
  readonly error: ActionError;
  /** The pipeline's id of the call (the key of its audit record). */
  readonly callId: string;

  constructor(result: Extract<RunResult, { ok: false }>) {
    super(result.modelOutput);
    this.code = result.error.code;
    this.error = result.error;
    this.callId = result.callId;
  }
}

/** The tool output of a finished call, or the `ActionCallError` of a failed one. */
export function outputOf(result: RunResult): unknown {
  if (!result.ok) throw new ActionCallError(result);
  // A value-less reply still tells the model something: its message, or `done`.
  return result.value === undefined ? result.modelOutput : result.value;
}
