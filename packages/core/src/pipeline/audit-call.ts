import type { RunResult } from '../action/types.js';
import { toolInputSchema } from '../action/tool-input-schema.js';
import type { AuditRecord } from '../ports/audit-sink.js';
import type { CallState } from './call-state.js';
import { redactArgs } from './redact-args.js';

const MAX_RAW_ARGS = 2_000;

/** Write the call's audit record; a promise from the sink is awaited, so sync sinks commit before `run` returns. */
export async function recordAudit(state: CallState, result: RunResult, startedAt: string): Promise<void> {
  const { runtime } = state;
  const record: AuditRecord = {
    callId: state.callId,
    ...(state.parentCallId ? { parentCallId: state.parentCallId } : {}),
    ...(state.call.sessionId ? { sessionId: state.call.sessionId } : {}),
    ...(state.user?.id ? { userId: state.user.id } : {}),
    ...(state.user?.tenantId ? { tenantId: state.user.tenantId } : {}),
    name: state.name.length > 200 ? `${state.name.slice(0, 200)}…` : state.name,
    ...(state.target ? { target: { type: state.target.type, id: state.target.id } } : {}),
    args: auditArgs(state),
    outcome: result.ok ? 'ok' : 'error',
    ...(result.ok ? {} : { errorCode: result.error.code, errorMessage: result.error.message }),
    startedAt,
    endedAt: new Date().toISOString(),
    durationMs: result.durationMs,
    depth: state.depth,
    ...(result.repaired ? { repaired: true } : {}),
    ...(result.replayed ? { replayed: true } : {}),
  };
  try {
    await runtime.store.audit.record(record);
  } catch (error) {
    runtime.logger.error({ callId: state.callId, err: error }, 'audit write failed');
  }
  const level = result.ok ? 'debug' : 'info';
  runtime.logger[level](
    { callId: state.callId, name: record.name, outcome: record.outcome, errorCode: record.errorCode, durationMs: result.durationMs },
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
