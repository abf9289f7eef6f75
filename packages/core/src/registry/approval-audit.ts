import type { RunResult } from '../action/types.js';
import type { ActionError } from '../errors/action-error.js';
import type { RegistryRuntime } from '../pipeline/runtime.js';
import { errorForModel } from '../pipeline/shape-result.js';
import type { PendingApproval } from '../ports/approval-store.js';
import type { AuditApproval } from '../ports/audit-sink.js';
import { redactCall } from './redact-call.js';

function auditedArgs(runtime: RegistryRuntime, approval: PendingApproval): unknown {
  return redactCall(runtime, approval).args;
}

/**
 * End a paused call without running it (denied, refused, expired, interrupted): audit it under the call id it was
 * asked with, report `call-end`, and answer its failed result.
 */
export async function endApprovedCall(
  runtime: RegistryRuntime,
  approval: PendingApproval,
  error: ActionError,
  decision?: AuditApproval,
): Promise<RunResult> {
  const result: RunResult = {
    ok: false,
    error,
    callId: approval.callId,
    name: approval.name,
    durationMs: 0,
    modelOutput: errorForModel(error),
  };
  try {
    await runtime.store.audit.record({
      callId: approval.callId,
      ...(approval.sessionId ? { sessionId: approval.sessionId } : {}),
      ...(approval.user?.id ? { userId: approval.user.id } : {}),
      ...(approval.user?.tenantId ? { tenantId: approval.user.tenantId } : {}),
      name: approval.name,
      args: auditedArgs(runtime, approval),
      outcome: 'error',
      errorCode: error.code,
      errorMessage: error.message,
      startedAt: approval.requestedAt,
      endedAt: new Date().toISOString(),
      durationMs: 0,
      depth: 0,
      ...(decision ? { approval: decision } : {}),
    });
  } catch (failure) {
    runtime.logger.error({ callId: approval.callId, err: failure }, 'audit write failed');
  }
  runtime.events.emit('call-end', { callId: approval.callId, result, target: undefined, depth: 0 });
  return result;
}
