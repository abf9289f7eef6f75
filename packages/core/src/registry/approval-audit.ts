import type { RunResult } from '../action/types.js';
import type { ActionError } from '../errors/action-error.js';
import type { runPipeline } from '../pipeline/run-pipeline.js';
import type { RegistryRuntime } from '../pipeline/runtime.js';
import type { errorForModel } from '../pipeline/shape-result.js';
import type { PendingApproval } from '../ports/approval-store.js';
import type { AuditApproval } from '../ports/audit-sink.js';
import type { redactCall } from './redact-call.js';

/**
 * The kernel functions the approvals inbox calls, handed in by the registry: the inbox is a chunk loaded on first
 * use, and importing them would split the kernel's own bundle in two around what they share.
 */
export interface ApprovalKernel {
  readonly runPipeline: typeof runPipeline;
  readonly errorForModel: typeof errorForModel;
  readonly redactCall: typeof redactCall;
}

/**
 * End a paused call without running it (denied, refused, expired, interrupted): audit it under the call id it was
 * asked with, report `call-end`, and answer its failed result.
 */
export async function endApprovedCall(
  runtime: RegistryRuntime,
  kernel: ApprovalKernel,
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
    modelOutput: kernel.errorForModel(error),
  };
  try {
    await runtime.store.audit.record({
      callId: approval.callId,
      ...(approval.sessionId ? { sessionId: approval.sessionId } : {}),
      ...(approval.user?.id ? { userId: approval.user.id } : {}),
      ...(approval.user?.tenantId ? { tenantId: approval.user.tenantId } : {}),
      name: approval.name,
      args: kernel.redactCall(runtime, approval).args,
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
