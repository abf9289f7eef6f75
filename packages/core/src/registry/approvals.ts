import type { RunResult } from '../action/types.js';
import { AffordanceError, actionError } from '../errors/action-error.js';
import { runPipeline } from '../pipeline/run-pipeline.js';
import { errorForModel } from '../pipeline/shape-result.js';
import type { PendingApproval } from '../ports/approval-store.js';
import { redactCall } from './redact-call.js';
import type { RegistryRuntime } from './runtime.js';

function auditedArgs(runtime: RegistryRuntime, approval: PendingApproval): unknown {
  return redactCall(runtime, approval).args;
}

/** The approvals inbox of a registry. */
export interface Approvals {
  list(filter?: {
    readonly status?: PendingApproval['status'];
    readonly sessionId?: string;
  }): Promise<PendingApproval[]>;
  get(id: string): Promise<PendingApproval | undefined>;
  /** Approve a pending call and run it exactly as it was asked (through every check but rate limit). */
  approve(
    id: string,
    decision: { readonly by: string; readonly reason?: string; readonly signal?: AbortSignal },
  ): Promise<RunResult>;
  /** Deny a pending call; its result is `approval_denied`, and it is audited. */
  deny(id: string, decision: { readonly by: string; readonly reason?: string }): Promise<RunResult>;
}

/** Build the approvals inbox over the registry's approval store. */
export function createApprovals(runtime: RegistryRuntime): Approvals {
  const store = runtime.store.approvals;
  const decide = async (id: string, status: 'approved' | 'denied', by: string, reason?: string) => {
    if (typeof by !== 'string' || by === '')
      throw new AffordanceError('invalid_option', 'a decision needs `by`: who decided');
    const decided = await store.decide(id, { status, by, ...(reason ? { reason } : {}) });
    if (!decided) {
      const existing = await store.get(id);
      if (!existing) throw new AffordanceError('unknown_approval', `there is no approval ${id}`);
      throw new AffordanceError(
        'approval_not_pending',
        `approval ${id} was already ${existing.status} by ${existing.decidedBy ?? 'someone'}`,
      );
    }
    runtime.events.emit('approval-decided', { approval: decided });
    return decided;
  };
  return {
    list: (filter) => store.list(filter),
    get: (id) => store.get(id),
    async approve(id, { by, reason, signal }) {
      const approval = await decide(id, 'approved', by, reason);
      return runPipeline(
        runtime,
        {
          name: approval.name,
          args: approval.args,
          user: approval.user,
          context: approval.context as Record<string, unknown>,
          ...(approval.sessionId ? { sessionId: approval.sessionId } : {}),
          ...(approval.idempotencyKey ? { idempotencyKey: approval.idempotencyKey } : {}),
          ...(signal ? { signal } : {}),
        },
        { approved: { id, by }, callId: approval.callId },
      );
    },
    async deny(id, { by, reason }) {
      const approval = await decide(id, 'denied', by, reason);
      const error = actionError(
        'approval_denied',
        `${by} denied ${approval.name}${reason ? `: ${reason}` : ''}`,
        {
          hint: 'do not retry this call; ask the user what to do instead',
          details: { approvalId: id },
        },
      );
      const result: RunResult = {
        ok: false,
        error,
        callId: approval.callId,
        name: approval.name,
        durationMs: 0,
        modelOutput: errorForModel(error),
      };
      await runtime.store.audit.record({
        callId: approval.callId,
        ...(approval.sessionId ? { sessionId: approval.sessionId } : {}),
        ...(approval.user?.id ? { userId: approval.user.id } : {}),
        name: approval.name,
        args: auditedArgs(runtime, approval),
        outcome: 'error',
        errorCode: 'approval_denied',
        errorMessage: error.message,
        startedAt: approval.requestedAt,
        endedAt: new Date().toISOString(),
        durationMs: 0,
        depth: 0,
      });
      runtime.events.emit('call-end', { callId: approval.callId, result, target: undefined, depth: 0 });
      return result;
    },
  };
}
