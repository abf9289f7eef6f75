import type { PendingApproval } from '../../ports/approval-store.js';
import { approvalStatesContract } from './approval-states-contract.js';
import type { ContractContext } from './contract-context.js';

/** The approvals port keeps the exact call, lets exactly one decision win, and lists by status and session. */
export function approvalContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  const pending = (overrides: Partial<PendingApproval> = {}): PendingApproval => ({
    id: unique('apr'),
    callId: unique('call'),
    name: 'shape_delete',
    args: { blockId: 'shape-1', hard: true, tags: ['a', 'b'] },
    user: { id: unique('user'), roles: ['editor'], tenantId: 't1' },
    context: { selection: ['shape-1'], page: 2 },
    sessionId: unique('session'),
    idempotencyKey: 'delete-shape-1',
    requestedAt: '2031-02-03T04:05:06.789Z',
    status: 'pending',
    ...overrides,
  });

  describe('approvals', () => {
    approvalStatesContract({ api, store, unique }, pending);
    it('gives back the exact call that waits, and undefined for an unknown id', async () => {
      const approval = pending();
      const bare = pending({ user: undefined, sessionId: undefined, idempotencyKey: undefined, context: {} });
      await store().approvals.create(approval);
      await store().approvals.create(bare);
      const created = (entry: PendingApproval, by?: string) => ({
        ...entry,
        history: [{ status: 'pending', at: entry.requestedAt, ...(by ? { by } : {}) }],
      });
      expect(await store().approvals.get(approval.id)).toEqual(created(approval, approval.user?.id));
      expect(await store().approvals.get(bare.id)).toEqual(created(bare));
      expect(await store().approvals.get(unique('apr'))).toBeUndefined();
    });

    it('creates an approval already decided as given (a refusal recorded with no pending state)', async () => {
      const at = '2031-02-03T04:05:07.000Z';
      const refused = pending({
        status: 'denied',
        decidedBy: 'ada',
        decidedAt: at,
        reason: 'too much',
        outcome: { ok: false, errorCode: 'approval_denied' },
        history: [{ status: 'denied', at, by: 'ada', reason: 'too much' }],
      });
      await store().approvals.create(refused);
      expect(await store().approvals.get(refused.id)).toEqual(refused);
      expect(await store().approvals.decide(refused.id, { status: 'approved', by: 'bob' })).toBeUndefined();
    });

    it('records who decided, when and why, and refuses a second decision', async () => {
      const approval = pending();
      await store().approvals.create(approval);
      const decided = await store().approvals.decide(approval.id, {
        status: 'approved',
        by: 'ada',
        reason: 'looks right',
      });
      expect(decided).toMatchObject({
        ...approval,
        status: 'approved',
        decidedBy: 'ada',
        reason: 'looks right',
      });
      expect(Number.isNaN(Date.parse(decided!.decidedAt!))).toBe(false);
      expect(await store().approvals.decide(approval.id, { status: 'denied', by: 'bob' })).toBeUndefined();
      expect(await store().approvals.get(approval.id)).toEqual(decided);
      expect(
        await store().approvals.decide(unique('apr'), { status: 'approved', by: 'ada' }),
      ).toBeUndefined();
    });

    it('lets exactly one of several simultaneous decisions win', async () => {
      const approval = pending();
      await store().approvals.create(approval);
      const deciders = ['ada', 'bob', 'cy', 'dee', 'eve', 'fay'];
      const results = await Promise.all(
        deciders.map((by, index) =>
          store().approvals.decide(approval.id, { status: index % 2 === 0 ? 'approved' : 'denied', by }),
        ),
      );
      const winners = results.filter((result) => result !== undefined);
      expect(winners).toHaveLength(1);
      expect(await store().approvals.get(approval.id)).toEqual(winners[0]);
    });

    it('lists by status and session in the order they were asked', async () => {
      const sessionId = unique('session');
      const first = pending({ sessionId });
      const second = pending({ sessionId });
      const elsewhere = pending();
      for (const approval of [first, second, elsewhere]) await store().approvals.create(approval);
      await store().approvals.decide(first.id, { status: 'denied', by: 'ada' });
      const ids = (list: PendingApproval[]) => list.map((approval) => approval.id);
      expect(ids(await store().approvals.list({ sessionId }))).toEqual([first.id, second.id]);
      expect(ids(await store().approvals.list({ sessionId, status: 'pending' }))).toEqual([second.id]);
      expect(ids(await store().approvals.list({ sessionId, status: 'denied' }))).toEqual([first.id]);
      const everyPending = ids(await store().approvals.list({ status: 'pending' }));
      expect(
        everyPending.includes(elsewhere.id) &&
          everyPending.includes(second.id) &&
          !everyPending.includes(first.id),
      ).toBe(true);
    });
  });
}
