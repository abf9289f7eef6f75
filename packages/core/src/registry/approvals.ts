import type { RunResult, User } from '../action/types.js';
import { AffordanceError, actionError } from '../errors/action-error.js';
import type { RegistryRuntime } from '../pipeline/runtime.js';
import type { ApprovalFilter, ApprovalStatus, PendingApproval } from '../ports/approval-store.js';
import { newId } from '../util/new-id.js';
import { type ApprovalKernel, endApprovedCall } from './approval-audit.js';
import { type ApprovedRun, runApproved } from './run-approved.js';

/** Who decides, why, and (for approve and retry) the requester as they are now and an optional abort signal. */
export interface ApprovalAct {
  readonly by: string;
  readonly reason?: string;
  readonly signal?: AbortSignal;
  /** The requester's current user (their roles now): undefined keeps the stored one, null refuses the call. */
  readonly requester?: User | null;
  /** Approve with edited arguments: they run instead of the stored ones, through every check (approve only). */
  readonly args?: Readonly<Record<string, unknown>>;
}

/** Who answers what an approved call asked (`ctx.ask`), and the idempotency key of the rerun with the answers. */
export interface ApprovalAnswer extends Omit<ApprovalAct, 'reason'> {
  /** The answers by question key, all of them: the ones the call had and the new one. */
  readonly answers: Readonly<Record<string, unknown>>;
  readonly idempotencyKey: string;
}

/** A refused call as `recordDenied` stores it: the validated arguments, who asked and in which session. */
export type DeniedCall = Pick<PendingApproval, 'name' | 'args'> &
  Partial<Pick<PendingApproval, 'user' | 'context' | 'sessionId' | 'idempotencyKey'>>;

/** The approvals inbox of a registry. */
export interface Approvals {
  /**
   * Approvals by status, session and idempotency key, after resolving the ones whose run stopped or that waited
   * too long.
   */
  list(filter?: ApprovalFilter): Promise<PendingApproval[]>;
  get(id: string): Promise<PendingApproval | undefined>;
  /** Approve a pending call and run it exactly as it was asked (through every check but rate limit). */
  approve(id: string, act: ApprovalAct): Promise<RunResult>;
  /** Deny a pending call; its result is `approval_denied`, and it is audited. */
  deny(id: string, act: Omit<ApprovalAct, 'signal' | 'requester'>): Promise<RunResult>;
  /**
   * Record a call a person refused where it was asked (another framework's approval prompt): stored already
   * `denied`, never pending, audited as `approval_denied`; its result answered. Nothing runs.
   */
  recordDenied(call: DeniedCall, act: Omit<ApprovalAct, 'signal' | 'requester' | 'args'>): Promise<RunResult>;
  /** Run an `interrupted` approval again, as approve does. */
  retry(id: string, act: ApprovalAct): Promise<RunResult>;
  /**
   * Run again, with a person's answers, a call this approval let run that stopped to ask for input (`ctx.ask`: it
   * ended `failed` with `input_required`): the approval carries over to the rerun, for the call's own user only
   * (another is a `forbidden` result, audited). Any other status is `approval_not_pending`: ask for a new approval.
   */
  answer(id: string, act: ApprovalAnswer): Promise<RunResult>;
  /**
   * Mark approved or running approvals whose lease ran out as `interrupted` (every one with `everyRun`: the caller
   * knows no other process runs any, e.g. at the start of the only process of a PGlite folder), pending ones older
   * than the expiry as `expired`, and audit each; answers them.
   */
  recover(options?: { readonly everyRun?: boolean }): Promise<PendingApproval[]>;
}

/** Build the approvals inbox over the registry's approval store. */
export function createApprovals(runtime: RegistryRuntime, kernel: ApprovalKernel): Approvals {
  const store = runtime.store.approvals;
  const notPending = async (id: string, wanted: string): Promise<never> => {
    const existing = await store.get(id);
    if (!existing) throw new AffordanceError('unknown_approval', `there is no approval ${id}`);
    throw new AffordanceError(
      'approval_not_pending',
      `approval ${id} is ${existing.status}${existing.decidedBy ? ` (decided by ${existing.decidedBy})` : ''}, not ${wanted}`,
    );
  };
  const checkBy = (by: unknown) => {
    if (typeof by !== 'string' || by === '')
      throw new AffordanceError('invalid_option', 'a decision needs `by`: who decided');
  };
  // An approval just moved to `approved` (decided, or retried): report it, and run the call under `holder`'s lease.
  const start = (
    approval: PendingApproval,
    holder: string,
    act: ApprovalAct,
    answered?: ApprovedRun['answered'],
  ): Promise<RunResult> => {
    runtime.events.emit('approval-decided', { approval });
    return runApproved(runtime, kernel, {
      approval,
      by: act.by,
      reason: act.reason,
      holder,
      requester: act.requester,
      signal: act.signal,
      args: act.args,
      ...(answered ? { answered } : {}),
    });
  };
  const recover = async (everyRun: boolean) => {
    const moved = await store.recover({
      everyRun,
      pendingBefore: new Date(Date.now() - runtime.approvalExpiryMs).toISOString(),
    });
    for (const approval of moved) {
      runtime.events.emit('approval-decided', { approval });
      const interrupted = approval.status === 'interrupted';
      await endApprovedCall(
        runtime,
        kernel,
        approval,
        actionError(
          interrupted ? 'aborted' : 'approval_denied',
          interrupted
            ? `interrupted: the process running ${approval.name} (approval ${approval.id}) stopped before it finished`
            : `expired: nobody decided on ${approval.name} (approval ${approval.id}) in time`,
          { details: { approvalId: approval.id } },
        ),
      );
    }
    return moved;
  };
  // Move an approval from `from` back to approved under a new holder, for its call to run again.
  const approveAgain = async (id: string, from: ApprovalStatus, by: string, reason: string) => {
    const holder = newId('run');
    const approval = await store.change(id, {
      from: [from],
      status: 'approved',
      newHolder: holder,
      leaseMs: runtime.approvalLeaseMs,
      by,
      reason,
    });
    return { approval, holder };
  };
  // A denied approval: report it, audit it as `approval_denied` and answer that result.
  const denied = (approval: PendingApproval, by: string, reason: string | undefined): Promise<RunResult> => {
    runtime.events.emit('approval-decided', { approval });
    const error = actionError(
      'approval_denied',
      `${by} denied ${approval.name}${reason ? `: ${reason}` : ''}`,
      {
        hint: 'do not retry this call; ask the user what to do instead',
        details: { approvalId: approval.id },
      },
    );
    return endApprovedCall(runtime, kernel, approval, error, {
      id: approval.id,
      decidedBy: by,
      ...(reason ? { reason } : {}),
    });
  };
  return {
    async list(filter) {
      await recover(false);
      return store.list(filter);
    },
    get: (id) => store.get(id),
    async approve(id, act) {
      checkBy(act.by);
      const holder = newId('run');
      const approval = await store.decide(id, {
        status: 'approved',
        by: act.by,
        holder,
        leaseMs: runtime.approvalLeaseMs,
        ...(act.reason ? { reason: act.reason } : {}),
      });
      if (!approval) return notPending(id, 'pending');
      return start(approval, holder, act);
    },
    async retry(id, act) {
      checkBy(act.by);
      const { approval, holder } = await approveAgain(id, 'interrupted', act.by, act.reason ?? 'retry');
      if (!approval) return notPending(id, 'interrupted');
      return start(approval, holder, { ...act, args: undefined });
    },
    async answer(id, act) {
      checkBy(act.by);
      const asked = await store.get(id);
      if (!asked) throw new AffordanceError('unknown_approval', `there is no approval ${id}`);
      if (asked.status !== 'failed' || asked.outcome?.errorCode !== 'input_required') {
        return notPending(id, 'waiting on an answer to what its call asked');
      }
      if (act.requester === null || act.requester?.id !== asked.user?.id) {
        const who = act.requester?.id ?? 'a caller without a user';
        const error = actionError(
          'forbidden',
          `${who} may not answer ${asked.name}: its approval carries over only to ${asked.user?.id ?? 'the caller without a user'} who asked for it`,
          {
            hint: 'make the call again as yourself; it will ask for its own approval',
            details: { approvalId: id },
          },
        );
        return endApprovedCall(runtime, kernel, asked, error);
      }
      const { approval, holder } = await approveAgain(
        id,
        'failed',
        act.by,
        'answered what the call asked; the approval carries over to the rerun',
      );
      if (!approval) return notPending(id, 'waiting on an answer to what its call asked');
      // Audited as approved by the person who approved it, not by whoever answered.
      const reason = `approval carried over to the rerun with ${act.by}'s answer`;
      const answered = { answers: act.answers, idempotencyKey: act.idempotencyKey };
      return start(approval, holder, { ...act, by: asked.decidedBy ?? act.by, reason }, answered);
    },
    async deny(id, { by, reason }) {
      checkBy(by);
      const approval = await store.decide(id, { status: 'denied', by, ...(reason ? { reason } : {}) });
      if (!approval) return notPending(id, 'pending');
      return denied(approval, by, reason);
    },
    async recordDenied(call, { by, reason }) {
      checkBy(by);
      const at = new Date().toISOString();
      const approval: PendingApproval = {
        id: newId('apr'),
        callId: newId('call'),
        name: call.name,
        args: call.args,
        user: call.user,
        context: call.context ?? {},
        sessionId: call.sessionId,
        idempotencyKey: call.idempotencyKey,
        requestedAt: at,
        status: 'denied',
        decidedBy: by,
        decidedAt: at,
        ...(reason ? { reason } : {}),
        outcome: { ok: false, errorCode: 'approval_denied' },
        history: [{ status: 'denied', at, by, ...(reason ? { reason } : {}) }],
      };
      await store.create(approval);
      return denied(approval, by, reason);
    },
    recover: (options) => recover(options?.everyRun === true),
  };
}
