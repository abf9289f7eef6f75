import type { RunResult } from '../action/types.js';
import { silentLogger } from '../observe/logger.js';
import type { AuditRecord } from '../ports/audit-sink.js';
import { isoTime } from '../util/iso-time.js';
import { wallClockMs } from '../util/wall-clock.js';
import type { CallState } from './call-state.js';
import { redactArgs } from './redact-args.js';
import { sanitizeArgs } from './sanitize-args.js';

const MAX_RAW_ARGS = 2_000;

/**
 * Write the call's audit record. A promise from the sink is returned for `run` to await, so sinks that commit
 * asynchronously commit before `run` returns; a synchronous sink costs no promise. A failing sink is logged.
 */
export function recordAudit(state: CallState, result: RunResult): Promise<void> | undefined {
  const startedMs = wallClockMs(state.started);
  const { user } = state;
  // One literal with every field, absent ones undefined: one object shape for every record, no property added later.
  const record: AuditRecord = {
    callId: state.callId,
    parentCallId: state.parentCallId || undefined,
    sessionId: state.call.sessionId || undefined,
    userId: user?.id || undefined,
    tenantId: user?.tenantId || undefined,
    name: state.name.length > 200 ? `${state.name.slice(0, 200)}…` : state.name,
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
  const pending = writeRecord(state, record);
  if (pending) {
    return pending.then(
      () => logCall(state, result, record),
      (error: unknown) => {
        auditFailed(state, error);
        logCall(state, result, record);
      },
    );
  }
  logCall(state, result, record);
  return undefined;
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

// The sink's promise, if it answers with one; a synchronous throw is logged here.
function writeRecord(state: CallState, record: AuditRecord): Promise<void> | undefined {
  try {
    const pending = state.runtime.store.audit.record(record);
    return pending instanceof Promise ? pending : undefined;
  } catch (error) {
    auditFailed(state, error);
    return undefined;
  }
}

function auditFailed(state: CallState, error: unknown): void {
  state.runtime.logger.error({ callId: state.callId, err: error }, 'audit write failed');
}

function logCall(state: CallState, result: RunResult, record: AuditRecord): void {
  const { logger } = state.runtime;
  if (logger === silentLogger) return;
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
  const { runtime } = state;
  if (state.args) {
    const { plan } = state;
    return redactArgs(state.args, plan?.argsSchema, runtime.redactKeys, plan?.safeArgs);
  }
  const raw = state.call.args;
  if (typeof raw === 'string') return raw.length > MAX_RAW_ARGS ? `${raw.slice(0, MAX_RAW_ARGS)}…` : raw;
  if (raw === undefined) return undefined;
  // Arguments the parse step never saw (an unknown action): the same bounded plain copy, secrets redacted by name.
  const copy = sanitizeArgs(raw, runtime.limits);
  if ('problem' in copy) return '[not recorded: the arguments could not be read]';
  return redactArgs(copy.value, undefined, runtime.redactKeys);
}
