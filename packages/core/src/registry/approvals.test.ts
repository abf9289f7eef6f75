import { describe, expect, it } from 'vitest';
import { AffordanceError, createRegistry, defineAction } from '../index.js';

function setup() {
  const runs: unknown[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name: 'transfer',
        description: 'Move money',
        input: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
        approval: ({ input }) => input.amount > 100,
        handler: (input) => {
          runs.push(input);
          return { moved: input.amount };
        },
      }),
    ],
  });
  return { registry, runs };
}

describe('approvals', () => {
  it('runs small calls at once and pauses large ones', async () => {
    const { registry, runs } = setup();
    expect(await registry.run({ name: 'transfer', args: { amount: 5 } })).toMatchObject({
      ok: true,
      value: { moved: 5 },
    });
    const paused = await registry.run({
      name: 'transfer',
      args: { amount: 500 },
      user: { id: 'u1' },
      sessionId: 's1',
    });
    expect(paused).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    expect(runs).toHaveLength(1);
    const [pending] = await registry.approvals.list({ status: 'pending' });
    expect(pending).toMatchObject({
      name: 'transfer',
      args: { amount: 500 },
      user: { id: 'u1' },
      sessionId: 's1',
      status: 'pending',
    });
  });

  it('resumes the exact call on approval, once', async () => {
    const { registry, runs } = setup();
    const paused = await registry.run({ name: 'transfer', args: { amount: 500 }, user: { id: 'u1' } });
    const id = paused.ok ? '' : (paused.error.details?.approvalId as string);
    const result = await registry.approvals.approve(id, { by: 'admin' });
    expect(result).toMatchObject({ ok: true, value: { moved: 500 }, callId: paused.callId });
    expect(runs).toEqual([{ amount: 500 }]);
    await expect(registry.approvals.approve(id, { by: 'admin' })).rejects.toThrowError(AffordanceError);
    await expect(registry.approvals.approve('apr_nope', { by: 'admin' })).rejects.toThrowError(/no approval/);
    expect((await registry.approvals.get(id))?.decidedBy).toBe('admin');
  });

  it('ends the call on denial, audited', async () => {
    const { registry, runs } = setup();
    const paused = await registry.run({ name: 'transfer', args: { amount: 500 } });
    const id = paused.ok ? '' : (paused.error.details?.approvalId as string);
    const denied = await registry.approvals.deny(id, { by: 'admin', reason: 'too much' });
    expect(denied).toMatchObject({ ok: false, error: { code: 'approval_denied' } });
    expect(runs).toEqual([]);
    const { records } = await registry.store.audit.query();
    expect(records.map((record) => record.errorCode)).toEqual(['approval_denied', 'approval_required']);
  });
});
