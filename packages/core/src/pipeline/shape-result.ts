import type { RunResult } from '../action/types.js';
import type { ActionError } from '../errors/action-error.js';
import type { StoredOutcome } from '../ports/idempotency-store.js';
import type { CallState } from './call-state.js';

const MAX_MODEL_OUTPUT = 20_000;

/** Build the result a caller gets, including `modelOutput`, the text to feed back to the model. */
export function shapeResult(
  state: CallState,
  outcome: StoredOutcome,
  durationMs: number,
  replayed: boolean,
): RunResult {
  if (outcome.ok && !outcome.message && !state.repaired && !replayed && state.toolCallId === undefined) {
    // The common success, built in one literal: one object shape for every such result.
    return {
      ok: true,
      value: outcome.value,
      callId: state.callId,
      name: state.name,
      durationMs,
      modelOutput: valueForModel(state, outcome.value, undefined),
    };
  }
  const result: Record<string, unknown> = outcome.ok
    ? { ok: true, value: outcome.value }
    : { ok: false, error: outcome.error };
  if (outcome.ok && outcome.message) result.message = outcome.message;
  result.callId = state.callId;
  // Only a checked tool-call id is repeated (one that failed the `call` step is named by the error instead).
  if (state.toolCallId !== undefined && state.callChecked) result.toolCallId = state.toolCallId;
  result.name = state.name;
  result.durationMs = durationMs;
  if (state.repaired) result.repaired = true;
  if (replayed) result.replayed = true;
  result.modelOutput = outcome.ok
    ? valueForModel(state, outcome.value, outcome.message)
    : errorForModel(outcome.error);
  return result as unknown as RunResult;
}

function valueForModel(state: CallState, value: unknown, message: string | undefined): string {
  let text: string;
  const custom = state.action?.toModelOutput;
  if (custom) {
    try {
      text = String(custom(value));
    } catch (error) {
      text = `(toModelOutput failed: ${(error as Error).message}) ${safeJson(value)}`;
    }
  } else if (value === undefined) text = message ?? 'done';
  else {
    const json = typeof value === 'object' && value !== null ? state.plan?.flatJson(value) : undefined;
    text = json ?? safeJson(value);
    if (message) text = `${message}\n${text}`;
  }
  return truncate(text);
}

/** The text a model reads for a failed call: the code, the fix-it message, each issue and the hint. */
export function errorForModel(error: ActionError): string {
  const lines = [`Error (${error.code}): ${error.message}`];
  if (error.issues && error.issues.length > 1)
    for (const issue of error.issues) lines.push(`- ${issue.message}`);
  if (error.hint) lines.push(`Hint: ${error.hint}`);
  return truncate(lines.join('\n'));
}

function safeJson(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

function truncate(text: string): string {
  return text.length <= MAX_MODEL_OUTPUT
    ? text
    : `${text.slice(0, MAX_MODEL_OUTPUT)}… (${text.length - MAX_MODEL_OUTPUT} more characters cut)`;
}
