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

  it('finds a pending approval by the idempotency key its call was given', async () => {
    const { registry } = setup();
    for (const key of ['call-a', 'call-b']) {
      await registry.run({ name: 'transfer', args: { amount: 500 }, idempotencyKey: key, sessionId: 's1' });
    }
    const found = await registry.approvals.list({
      status: 'pending',
      idempotencyKey: 'call-b',
      sessionId: 's1',
    });
    expect(found.map((approval) => approval.idempotencyKey)).toEqual(['call-b']);
    expect(await registry.approvals.list({ idempotencyKey: 'call-c' })).toEqual([]);
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

  it('records a call refused elsewhere as denied, never pending, audited, and runs nothing', async () => {
    const { registry, runs } = setup();
    const requested: unknown[] = [];
    registry.on('approval-requested', (event) => requested.push(event));
    const denied = await registry.approvals.recordDenied(
      { name: 'transfer', args: { amount: 500 }, user: { id: 'u1' }, sessionId: 's1' },
      { by: 'admin', reason: 'too much' },
    );
    expect(denied).toMatchObject({
      ok: false,
      error: { code: 'approval_denied', message: 'admin denied transfer: too much' },
    });
    const id = denied.ok ? '' : (denied.error.details?.approvalId as string);
    expect(await registry.approvals.get(id)).toMatchObject({
      name: 'transfer',
      args: { amount: 500 },
      status: 'denied',
      decidedBy: 'admin',
      reason: 'too much',
      outcome: { ok: false, errorCode: 'approval_denied' },
      history: [{ status: 'denied', by: 'admin', reason: 'too much' }],
    });
    expect(requested).toEqual([]);
    expect(runs).toEqual([]);
    const { records } = await registry.store.audit.query();
    expect(records).toMatchObject([
      { callId: denied.callId, errorCode: 'approval_denied', approval: { id, decidedBy: 'admin' } },
    ]);
    await expect(registry.approvals.approve(id, { by: 'admin' })).rejects.toThrowError(/is denied/);
    await expect(
      registry.approvals.recordDenied({ name: 'transfer', args: {} }, { by: '' }),
    ).rejects.toThrowError(/needs `by`/);
  });
});

describe('approval states', () => {
  const setupGuarded = () => {
    let now = 0;
    const runs: unknown[] = [];
    const registry = createRegistry({
      approvalExpiryMs: 1_000,
      actions: [
        defineAction({
          name: 'wipe',
          description: 'Wipe the board',
          input: { type: 'object', properties: {} },
          roles: ['editor'],
          approval: 'always',
          handler: () => {
            runs.push(++now);
            return { wiped: true };
          },
        }),
      ],
    });
    const ask = async (user = { id: 'ana', roles: ['editor'] }) => {
      const paused = await registry.run({ name: 'wipe', args: {}, user });
      return paused.ok ? '' : String(paused.error.details?.approvalId);
    };
    return { registry, runs, ask };
  };

  it('refuses and records a call whose requester is gone, and runs with the requester’s roles of now', async () => {
    const { registry, runs, ask } = setupGuarded();
    const gone = await ask();
    expect(await registry.approvals.approve(gone, { by: 'root', requester: null })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: /ana .*no longer a user/ },
    });
    const demoted = await ask();
    expect(
      await registry.approvals.approve(demoted, { by: 'root', requester: { id: 'ana', roles: ['viewer'] } }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(runs).toEqual([]);
    for (const id of [gone, demoted])
      expect(await registry.approvals.get(id)).toMatchObject({ status: 'failed', decidedBy: 'root' });
    const { records } = await registry.store.audit.query({ errorCode: 'forbidden' });
    expect(records).toHaveLength(2);
  });

  it('retries only an interrupted approval, and expires one nobody decided in time', async () => {
    const { registry, runs, ask } = setupGuarded();
    const id = await ask();
    await expect(registry.approvals.retry(id, { by: 'root' })).rejects.toThrowError(
      /pending, not interrupted/,
    );
    await registry.store.approvals.decide(id, { status: 'approved', by: 'root', holder: 'gone', leaseMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await registry.approvals.recover()).map((approval) => approval.status)).toEqual(['interrupted']);
    expect(await registry.approvals.retry(id, { by: 'root' })).toMatchObject({ ok: true });
    expect(runs).toHaveLength(1);

    const old = await ask();
    await registry.store.approvals.create({
      ...(await registry.approvals.get(old))!,
      id: 'apr_old',
      requestedAt: '2001-01-01T00:00:00.000Z',
      history: undefined,
    });
    expect((await registry.approvals.list({ status: 'expired' })).map((approval) => approval.id)).toEqual([
      'apr_old',
    ]);
    const { records } = await registry.store.audit.query({ errorCode: 'approval_denied' });
    expect(records[0]?.errorMessage).toMatch(/^expired: nobody decided/);
  });
});
