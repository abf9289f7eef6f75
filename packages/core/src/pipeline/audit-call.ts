import type { RunResult } from '../action/types.js';
import { silentLogger } from '../observe/logger.js';
import type { AuditRecord } from '../ports/audit-sink.js';
import { redactText, redactWith } from '../redact/redact-value.js';
import { SCAN } from '../redact/redaction-plan.js';
import { storableText } from '../util/check-text.js';
import { isoTime } from '../util/iso-time.js';
import { wallClockMs } from '../util/wall-clock.js';
import type { CallState } from './call-state.js';
import { failedAfterHandler } from './failed-after-handler.js';
import { sanitizeArgs } from './sanitize-args.js';
import { shapeResult } from './shape-result.js';

const MAX_RAW_ARGS = 2_000;

/**
 * Write the call's audit record and answer the call's result. A promise from the sink is awaited, so sinks that
 * commit asynchronously commit before `run` returns; a synchronous sink costs no promise. A write that fails is
 * logged and tried once more with the arguments left out (the likeliest cause); when that fails too, a call that
 * succeeded answers `handler_error` saying it ran but has no audit record.
 */
export function recordAudit(state: CallState, result: RunResult): RunResult | Promise<RunResult> {
  const record = auditRecordOf(state, result);
  let pending: void | Promise<void>;
  try {
    pending = state.runtime.store.audit.record(record);
  } catch (error) {
    return retryAudit(state, result, record, error);
  }
  if (pending instanceof Promise) {
    return pending.then(
      () => logCall(state, result, record),
      (error: unknown) => retryAudit(state, result, record, error),
    );
  }
  return logCall(state, result, record);
}

/** The audit record of a finished call: arguments redacted, every text one a store can hold. */
export function auditRecordOf(state: CallState, result: RunResult): AuditRecord {
  const startedMs = wallClockMs(state.started);
  const { user, call } = state;
  // Until the `call` step passed, no call-level field is trusted: a bad one is left out (the error names it).
  const checked = state.callChecked;
  // One literal with every field, absent ones undefined: one object shape for every record, no property added later.
  return {
    callId: state.callId,
    toolCallId: checked ? state.toolCallId : undefined,
    parentCallId: state.parentCallId || undefined,
    sessionId: checked ? call.sessionId || undefined : undefined,
    userId: checked ? user?.id || undefined : undefined,
    tenantId: checked ? user?.tenantId || undefined : undefined,
    name: auditName(state.name, checked),
    target: auditTarget(state, result),
    args: auditArgs(state),
    outcome: result.ok ? 'ok' : 'error',
    errorCode: result.ok ? undefined : result.error.code,
    errorMessage: result.ok ? undefined : result.error.message,
    startedAt: timestamp(startedMs),
    endedAt: timestamp(startedMs + result.durationMs),
    durationMs: result.durationMs,
    depth: state.depth,
    repaired: result.repaired || undefined,
    replayed: result.replayed || undefined,
    approval: state.approved,
  };
}

function auditName(name: string, checked: boolean): string {
  const text = name.length > 200 ? `${name.slice(0, 200)}…` : name;
  return checked ? text : storableText(text);
}

async function retryAudit(
  state: CallState,
  result: RunResult,
  record: AuditRecord,
  error: unknown,
): Promise<RunResult> {
  auditFailed(state, error);
  // The likeliest causes left out: the arguments, and text a store cannot hold.
  const bare: AuditRecord = {
    ...record,
    name: storableText(record.name),
    target: record.target && { type: storableText(record.target.type), id: storableText(record.target.id) },
    args: '[not recorded: the first audit write failed]',
    errorMessage: record.errorMessage === undefined ? undefined : storableText(record.errorMessage),
  };
  try {
    await state.runtime.store.audit.record(bare);
    return logCall(state, result, bare);
  } catch (again) {
    auditFailed(state, again);
    if (!result.ok) return result;
    const outcome = failedAfterHandler(state, result, 'its audit record could not be written', again);
    return shapeResult(state, outcome, result.durationMs, result.replayed === true);
  }
}

let lastMs = Number.NaN;
let lastText = '';

// Calls come many to a millisecond, and a call mostly starts and ends within one: keep the last text made.
function timestamp(ms: number): string {
  const whole = Math.floor(ms);
  if (whole !== lastMs) {
    lastMs = whole;
    lastText = isoTime(whole);
  }
  return lastText;
}

function auditFailed(state: CallState, error: unknown): void {
  state.runtime.logger.error({ callId: state.callId, err: error }, 'audit write failed');
}

function logCall(state: CallState, result: RunResult, record: AuditRecord): RunResult {
  const { logger } = state.runtime;
  if (logger === silentLogger) return result;
  logger[result.ok ? 'debug' : 'info'](
    {
      callId: state.callId,
      name: record.name,
      outcome: record.outcome,
      errorCode: record.errorCode,
      durationMs: result.durationMs,
    },
    'action call',
  );
  return result;
}

// The resolved target; for a call that stopped before the target step (invalid arguments), the one it named.
function auditTarget(state: CallState, result: RunResult): AuditRecord['target'] {
  const { target } = state;
  if (target) return { type: target.type, id: target.id };
  const scope = state.action?.scope;
  if (!scope || state.targetId === undefined) return undefined;
  // A mismatch names a block of another type: recording it under this action's scope would be false.
  if (!result.ok && result.error.code === 'target_mismatch') return undefined;
  return { type: scope, id: state.targetId };
}

function auditArgs(state: CallState): unknown {
  const { plan } = state;
  // The parse step's copy exists only once the action (and so its plan) is known.
  if (state.args && plan) return redactWith(state.args, plan.redaction);
  const raw = state.call.args;
  if (typeof raw === 'string')
    return redactText(
      raw.length > MAX_RAW_ARGS ? `${raw.slice(0, MAX_RAW_ARGS)}…` : raw,
      state.runtime.redactKeys,
    );
  if (raw === undefined) return undefined;
  // Arguments the parse step never saw (an unknown action): a bounded plain copy, secrets redacted by name and shape.
  const copy = sanitizeArgs(raw, state.runtime.limits);
  if ('problem' in copy) return '[not recorded: the arguments could not be read]';
  return redactWith(copy.value, { root: SCAN, extraKeys: state.runtime.redactKeys });
}
