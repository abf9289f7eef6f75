import { toolInputSchema } from '../action/tool-input-schema.js';
import type { RunResult } from '../action/types.js';
import { silentLogger } from '../observe/logger.js';
import type { AuditRecord } from '../ports/audit-sink.js';
import { isoTime } from '../util/iso-time.js';
import type { CallState } from './call-state.js';
import { redactArgs } from './redact-args.js';

const MAX_RAW_ARGS = 2_000;

/** Write the call's audit record; a promise from the sink is awaited, so sync sinks commit before `run` returns. */
export async function recordAudit(state: CallState, result: RunResult, startedMs: number): Promise<void> {
  const { runtime } = state;
  const record: { -readonly [K in keyof AuditRecord]: AuditRecord[K] } = {
    callId: state.callId,
    name: state.name.length > 200 ? `${state.name.slice(0, 200)}…` : state.name,
    args: auditArgs(state),
    outcome: result.ok ? 'ok' : 'error',
    startedAt: isoTime(startedMs),
    endedAt: isoTime(startedMs + result.durationMs),
    durationMs: result.durationMs,
    depth: state.depth,
  };
  if (state.parentCallId) record.parentCallId = state.parentCallId;
  if (state.call.sessionId) record.sessionId = state.call.sessionId;
  if (state.user?.id) record.userId = state.user.id;
  if (state.user?.tenantId) record.tenantId = state.user.tenantId;
  if (state.target) record.target = { type: state.target.type, id: state.target.id };
  if (!result.ok) {
    record.errorCode = result.error.code;
    record.errorMessage = result.error.message;
  }
  if (result.repaired) record.repaired = true;
  if (result.replayed) record.replayed = true;
  try {
    const pending = runtime.store.audit.record(record);
    if (pending instanceof Promise) await pending;
  } catch (error) {
    runtime.logger.error({ callId: state.callId, err: error }, 'audit write failed');
  }
  if (runtime.logger === silentLogger) return;
  runtime.logger[result.ok ? 'debug' : 'info'](
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

function auditArgs(state: CallState): unknown {
  const { runtime } = state;
  if (state.args) {
    const schema = state.action ? toolInputSchema(state.action, runtime.targetParam) : undefined;
    return redactArgs(state.args, schema, runtime.redactKeys);
  }
  const raw = state.call.args;
  if (typeof raw === 'string') return raw.length > MAX_RAW_ARGS ? `${raw.slice(0, MAX_RAW_ARGS)}…` : raw;
  return raw === undefined ? undefined : '[not recorded: the arguments could not be read]';
}
