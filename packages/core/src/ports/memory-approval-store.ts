import {
  type ApprovalStore,
  type ApprovalTransition,
  type PendingApproval,
  statusMatches,
} from './approval-store.js';

/** An approval store held in memory; `now` is its clock (milliseconds), so tests can move time. */
export function createMemoryApprovalStore(now: () => number = Date.now): ApprovalStore {
  const approvals = new Map<string, PendingApproval>();
  const holders = new Map<string, string>();
  const at = () => new Date(now()).toISOString();
  const lease = (leaseMs: number | undefined) =>
    leaseMs === undefined ? undefined : new Date(now() + leaseMs).toISOString();
  const step = (approval: PendingApproval, transition: ApprovalTransition): PendingApproval['history'] => [
    ...(approval.history ?? []),
    transition,
  ];
  const put = (approval: PendingApproval) => {
    approvals.set(approval.id, approval);
    return approval;
  };
  const without = (approval: PendingApproval, key: 'leaseUntil'): PendingApproval => {
    const { [key]: _dropped, ...rest } = approval;
    return rest;
  };
  return {
    async create(approval) {
      put({
        ...approval,
        history: approval.history ?? [
          {
            status: approval.status,
            at: approval.requestedAt,
            ...(approval.user?.id ? { by: approval.user.id } : {}),
          },
        ],
      });
    },
    async get(id) {
      return approvals.get(id);
    },
    async decide(id, decision) {
      const current = approvals.get(id);
      if (current?.status !== 'pending') return undefined;
      const time = at();
      const leaseUntil = decision.status === 'approved' ? lease(decision.leaseMs) : undefined;
      if (decision.holder && decision.status === 'approved') holders.set(id, decision.holder);
      return put({
        ...current,
        status: decision.status,
        decidedBy: decision.by,
        decidedAt: time,
        ...(decision.reason ? { reason: decision.reason } : {}),
        ...(leaseUntil ? { leaseUntil } : {}),
        ...(decision.status === 'denied' ? { outcome: { ok: false, errorCode: 'approval_denied' } } : {}),
        history: step(current, {
          status: decision.status,
          at: time,
          by: decision.by,
          ...(decision.reason ? { reason: decision.reason } : {}),
        }),
      });
    },
    async change(id, change) {
      const current = approvals.get(id);
      if (!current || !change.from.includes(current.status)) return undefined;
      if (change.holder !== undefined && holders.get(id) !== change.holder) return undefined;
      if (change.newHolder !== undefined) holders.set(id, change.newHolder);
      const leaseUntil = lease(change.leaseMs);
      const base = leaseUntil ? { ...current, leaseUntil } : without(current, 'leaseUntil');
      const moved = change.status !== current.status;
      return put({
        ...base,
        status: change.status,
        ...(change.outcome ? { outcome: change.outcome } : {}),
        history: moved
          ? step(current, {
              status: change.status,
              at: at(),
              ...(change.by ? { by: change.by } : {}),
              ...(change.reason ? { reason: change.reason } : {}),
            })
          : current.history,
      });
    },
    async recover({ everyRun = false, pendingBefore }) {
      const moved: PendingApproval[] = [];
      const time = at();
      for (const approval of approvals.values()) {
        const live = approval.status === 'approved' || approval.status === 'running';
        if (live && (everyRun || (approval.leaseUntil ?? '') <= time)) {
          const message = 'the process running it stopped before it finished';
          moved.push(
            put({
              ...without(approval, 'leaseUntil'),
              status: 'interrupted',
              outcome: { ok: false, errorCode: 'aborted', message },
              history: step(approval, { status: 'interrupted', at: time, reason: message }),
            }),
          );
        } else if (approval.status === 'pending' && pendingBefore && approval.requestedAt < pendingBefore) {
          moved.push(
            put({
              ...approval,
              status: 'expired',
              history: step(approval, { status: 'expired', at: time, reason: 'nobody decided in time' }),
            }),
          );
        }
      }
      return moved;
    },
    async list(filter = {}) {
      return [...approvals.values()].filter(
        (approval) =>
          statusMatches(approval.status, filter.status) &&
          (!filter.sessionId || approval.sessionId === filter.sessionId) &&
          (filter.idempotencyKey === undefined || approval.idempotencyKey === filter.idempotencyKey),
      );
    },
  };
}
