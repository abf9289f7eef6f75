import type { RunResult, User } from '../action/types.js';
import { actionError } from '../errors/action-error.js';
import type { RegistryRuntime } from '../pipeline/runtime.js';
import type { PendingApproval } from '../ports/approval-store.js';
import { type ApprovalKernel, endApprovedCall } from './approval-audit.js';

/** What a run of an approved call needs: who approved it, the token holding it, and the requester as they are now. */
export interface ApprovedRun {
  readonly approval: PendingApproval;
  readonly by: string;
  /** Why it was approved (or retried), as the person said. */
  readonly reason: string | undefined;
  readonly holder: string;
  /** The requester now: undefined keeps the user stored at request time, null says they no longer exist. */
  readonly requester: User | null | undefined;
  readonly signal: AbortSignal | undefined;
  /** Edited arguments the approver chose (validated by the pipeline like any call); undefined runs the stored ones. */
  readonly args?: Readonly<Record<string, unknown>> | undefined;
  /** A rerun with a person's answers to what the call asked (`ctx.ask`), under its own idempotency key. */
  readonly answered?: {
    readonly answers: Readonly<Record<string, unknown>>;
    readonly idempotencyKey: string;
  };
}

/**
 * Run an approved call under its lease: `approved` → `running` (renewing the lease while it runs) → `done`,
 * `failed` or `interrupted` (aborted). A requester who is gone fails the call with `forbidden` before it runs; a
 * requester's current roles are the ones checked. The result is the action's, whatever happens to the caller.
 */
export async function runApproved(
  runtime: RegistryRuntime,
  kernel: ApprovalKernel,
  run: ApprovedRun,
): Promise<RunResult> {
  const { approval, holder } = run;
  const store = runtime.store.approvals;
  if (run.requester === null) {
    const error = actionError(
      'forbidden',
      `${approval.user?.id ?? 'the requester'} who asked for ${approval.name} is no longer a user of this server; the call was not run`,
      { hint: 'ask a current user to make the call again', details: { approvalId: approval.id } },
    );
    await settle(runtime, approval.id, holder, 'failed', error);
    return endApprovedCall(runtime, kernel, approval, error, {
      id: approval.id,
      decidedBy: run.by,
      ...(run.reason ? { reason: run.reason } : {}),
    });
  }
  const running = await store.change(approval.id, {
    from: ['approved'],
    status: 'running',
    holder,
    leaseMs: runtime.approvalLeaseMs,
  });
  if (!running) {
    const error = actionError('aborted', `approval ${approval.id} was taken over before it could run`);
    return endApprovedCall(runtime, kernel, approval, error);
  }
  runtime.events.emit('approval-decided', { approval: running });
  const renew = setInterval(
    () => {
      store
        .change(approval.id, {
          from: ['running'],
          status: 'running',
          holder,
          leaseMs: runtime.approvalLeaseMs,
        })
        .then(
          (held) => {
            if (!held) runtime.logger.warn({ approvalId: approval.id }, 'approval lease lost while running');
          },
          (error: unknown) =>
            runtime.logger.error({ approvalId: approval.id, err: error }, 'lease renewal failed'),
        );
    },
    Math.max(1, Math.floor(runtime.approvalLeaseMs / 3)),
  );
  (renew as { unref?: () => void }).unref?.();
  let result: RunResult;
  try {
    result = await kernel.runPipeline(
      runtime,
      {
        name: approval.name,
        args: run.args ?? approval.args,
        user: run.requester ?? approval.user,
        context: approval.context as Record<string, unknown>,
        ...(approval.sessionId ? { sessionId: approval.sessionId } : {}),
        ...(run.answered
          ? run.answered
          : approval.idempotencyKey
            ? { idempotencyKey: approval.idempotencyKey }
            : {}),
        ...(run.signal ? { signal: run.signal } : {}),
      },
      {
        approved: {
          id: approval.id,
          decidedBy: run.by,
          ...(run.reason || run.args
            ? {
                // A rerun with answers runs the arguments the call ran with, edited or not.
                reason: [run.reason, run.args && !run.answered ? 'approved with edited arguments' : '']
                  .filter(Boolean)
                  .join('; '),
              }
            : {}),
        },
        callId: approval.callId,
      },
    );
  } finally {
    clearInterval(renew);
  }
  const status = result.ok ? 'done' : result.error.code === 'aborted' ? 'interrupted' : 'failed';
  await settle(runtime, approval.id, holder, status, result.ok ? undefined : result.error, result);
  return result;
}

async function settle(
  runtime: RegistryRuntime,
  id: string,
  holder: string,
  status: 'done' | 'failed' | 'interrupted',
  error: { readonly code: string; readonly message: string } | undefined,
  result?: RunResult,
): Promise<void> {
  // The run's result, kept so the caller can be handed it later (`modelOutput`, and a success's value).
  const kept = result
    ? {
        modelOutput: result.modelOutput,
        ...(result.ok && result.value !== undefined ? { value: result.value } : {}),
      }
    : {};
  try {
    const settled = await runtime.store.approvals.change(id, {
      from: ['approved', 'running'],
      status,
      holder,
      outcome: error
        ? { ok: false, errorCode: error.code, message: error.message, ...kept }
        : { ok: true, ...kept },
      ...(error ? { reason: error.message } : {}),
    });
    if (settled) runtime.events.emit('approval-decided', { approval: settled });
    else
      runtime.logger.warn(
        { approvalId: id, status },
        'approval changed hands before its run could settle it',
      );
  } catch (failure) {
    runtime.logger.error({ approvalId: id, err: failure }, 'approval store failed');
  }
}
