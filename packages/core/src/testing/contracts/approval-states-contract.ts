import type { PendingApproval } from '../../ports/approval-store.js';
import type { ContractContext } from './contract-context.js';

const HOUR = 60 * 60 * 1000;

/**
 * An approval's state machine in the store: only the holder of a run moves it, a lapsed lease (or every run, when
 * asked) is recovered as `interrupted`, an old pending one as `expired`, and every move is kept in its history.
 */
export function approvalStatesContract(
  { api, store, unique }: ContractContext,
  pending: (overrides?: Partial<PendingApproval>) => PendingApproval,
): void {
  const { describe, it, expect } = api;
  const statuses = (approval: PendingApproval | undefined) => approval?.history?.map((step) => step.status);

  describe('states', () => {
    it('moves approved → running → done only for the run holding it, and keeps each step', async () => {
      const approval = pending();
      const approvals = store().approvals;
      await approvals.create(approval);
      const approved = await approvals.decide(approval.id, {
        status: 'approved',
        by: 'ada',
        reason: 'checked the numbers',
        holder: 'run-1',
        leaseMs: HOUR,
      });
      expect(approved).toMatchObject({ status: 'approved', decidedBy: 'ada', reason: 'checked the numbers' });
      expect(Date.parse(approved!.leaseUntil!)).toBeGreaterThan(Date.now());
      const start = { from: ['approved'] as const, status: 'running' as const, leaseMs: HOUR };
      expect(await approvals.change(approval.id, { ...start, holder: 'run-2' })).toBeUndefined();
      expect(await approvals.change(approval.id, { ...start, holder: 'run-1' })).toMatchObject({
        status: 'running',
      });
      const renewed = await approvals.change(approval.id, {
        from: ['running'],
        status: 'running',
        holder: 'run-1',
        leaseMs: HOUR,
      });
      expect(statuses(renewed)).toEqual(['pending', 'approved', 'running']);
      const done = await approvals.change(approval.id, {
        from: ['running'],
        status: 'done',
        holder: 'run-1',
        outcome: { ok: true },
      });
      expect(done).toMatchObject({ status: 'done', outcome: { ok: true } });
      expect(done?.leaseUntil).toBeUndefined();
      expect(done?.history?.[1]).toMatchObject({
        status: 'approved',
        by: 'ada',
        reason: 'checked the numbers',
      });
      expect(statuses(done)).toEqual(['pending', 'approved', 'running', 'done']);
      expect(await approvals.get(approval.id)).toEqual(done);
    });

    it('recovers a run whose lease lapsed as interrupted, leaves a live one, and lets a new holder retry it', async () => {
      const approvals = store().approvals;
      const lapsed = pending();
      const live = pending();
      for (const [approval, leaseMs] of [
        [lapsed, 0],
        [live, HOUR],
      ] as const) {
        await approvals.create(approval);
        await approvals.decide(approval.id, { status: 'approved', by: 'ada', holder: 'run-a', leaseMs });
      }
      const moved = await approvals.recover({});
      const movedIds = moved.map((approval) => approval.id);
      expect(movedIds.includes(lapsed.id) && !movedIds.includes(live.id)).toBe(true);
      expect(await approvals.get(lapsed.id)).toMatchObject({
        status: 'interrupted',
        outcome: { ok: false, errorCode: 'aborted' },
      });
      expect(await approvals.get(live.id)).toMatchObject({ status: 'approved' });
      // The old run cannot finish what it no longer holds; a retry takes it over with a new holder.
      expect(
        await approvals.change(lapsed.id, { from: ['running'], status: 'done', holder: 'run-a' }),
      ).toBeUndefined();
      const retried = await approvals.change(lapsed.id, {
        from: ['interrupted'],
        status: 'approved',
        newHolder: 'run-b',
        leaseMs: HOUR,
        by: 'bob',
        reason: 'retry',
      });
      expect(statuses(retried)).toEqual(['pending', 'approved', 'interrupted', 'approved']);
      expect(retried?.history?.at(-1)).toMatchObject({ by: 'bob', reason: 'retry' });
      expect(
        await approvals.change(lapsed.id, { from: ['approved'], status: 'running', holder: 'run-a' }),
      ).toBeUndefined();
      expect(
        await approvals.change(lapsed.id, { from: ['approved'], status: 'running', holder: 'run-b' }),
      ).toMatchObject({ status: 'running' });
    });

    it('interrupts every run when told no other process runs any, and expires old pending ones', async () => {
      const approvals = store().approvals;
      const running = pending();
      const old = pending({ requestedAt: '2001-01-01T00:00:00.000Z' });
      const fresh = pending({ requestedAt: new Date().toISOString() });
      for (const approval of [running, old, fresh]) await approvals.create(approval);
      await approvals.decide(running.id, { status: 'approved', by: 'ada', holder: 'run', leaseMs: HOUR });
      await approvals.recover({ everyRun: true, pendingBefore: '2020-01-01T00:00:00.000Z' });
      expect((await approvals.get(running.id))?.status).toBe('interrupted');
      expect(await approvals.get(old.id)).toMatchObject({ status: 'expired' });
      expect(statuses(await approvals.get(old.id))).toEqual(['pending', 'expired']);
      expect((await approvals.get(fresh.id))?.status).toBe('pending');
    });

    it('lists by several statuses at once', async () => {
      const sessionId = unique('session');
      const approvals = store().approvals;
      const [first, second, third] = [pending({ sessionId }), pending({ sessionId }), pending({ sessionId })];
      for (const approval of [first!, second!, third!]) await approvals.create(approval);
      await approvals.decide(first!.id, { status: 'denied', by: 'ada' });
      await approvals.decide(second!.id, { status: 'approved', by: 'ada', holder: 'run', leaseMs: 0 });
      await approvals.recover({});
      const listed = await approvals.list({ sessionId, status: ['pending', 'interrupted'] });
      expect(listed.map((approval) => [approval.id, approval.status])).toEqual([
        [second!.id, 'interrupted'],
        [third!.id, 'pending'],
      ]);
      expect((await approvals.get(first!.id))?.outcome).toEqual({ ok: false, errorCode: 'approval_denied' });
    });
  });
}
