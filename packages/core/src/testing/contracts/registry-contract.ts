import { defineAction } from '../../action/define-action.js';
import { createRegistry } from '../../registry/create-registry.js';
import type { ContractContext } from './contract-context.js';

/** A registry over the store runs the whole pipeline: audit, idempotent replay, rate limit, prerequisites, approval. */
export function registryContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  const setup = () => {
    const executed: string[] = [];
    const record = (name: string) => (input: { n?: number }) => {
      executed.push(name);
      return { n: input.n ?? 0 };
    };
    const input = {
      type: 'object',
      properties: { n: { type: 'number' } },
      additionalProperties: false,
    } as const;
    const registry = createRegistry({
      store: store(),
      actions: [
        defineAction({ name: 'open', description: 'Open the document.', input, handler: record('open') }),
        defineAction({
          name: 'edit',
          description: 'Edit the open document.',
          input,
          requires: ['open'],
          handler: record('edit'),
        }),
        defineAction({
          name: 'ping',
          description: 'Ping twice a minute at most.',
          input,
          rateLimit: { points: 2, duration: 60 },
          handler: record('ping'),
        }),
        defineAction({
          name: 'wipe',
          description: 'Wipe everything, once a person agrees.',
          input,
          approval: 'always',
          handler: record('wipe'),
        }),
      ],
    });
    return { registry, executed, user: { id: unique('user') }, sessionId: unique('session') };
  };

  describe('through a registry', () => {
    it('audits each call and replays an idempotent one without running it again', async () => {
      const { registry, executed, user, sessionId } = setup();
      const first = await registry.run({
        name: 'open',
        args: { n: 1 },
        user,
        sessionId,
        idempotencyKey: 'k1',
      });
      const again = await registry.run({
        name: 'open',
        args: { n: 1 },
        user,
        sessionId,
        idempotencyKey: 'k1',
      });
      expect(first).toMatchObject({ ok: true, value: { n: 1 } });
      expect(again).toMatchObject({ ok: true, value: { n: 1 }, replayed: true });
      expect(executed).toEqual(['open']);
      const { records } = await store().audit.query({ sessionId });
      expect(records.map((record) => [record.callId, record.outcome, record.replayed === true])).toEqual([
        [again.callId, 'ok', true],
        [first.callId, 'ok', false],
      ]);
      expect(records[1]).toMatchObject({ name: 'open', userId: user.id, args: { n: 1 }, depth: 0 });
    });

    it('refuses a call whose prerequisite has not succeeded in the session, then allows it', async () => {
      const { registry, executed, user, sessionId } = setup();
      expect(await registry.run({ name: 'edit', args: {}, user, sessionId })).toMatchObject({
        ok: false,
        error: { code: 'prerequisite_missing' },
      });
      await registry.run({ name: 'open', args: {}, user, sessionId });
      expect(await registry.run({ name: 'edit', args: {}, user, sessionId })).toMatchObject({ ok: true });
      expect(executed).toEqual(['open', 'edit']);
    });

    it('rate-limits per user', async () => {
      const { registry, executed, user, sessionId } = setup();
      const results = [];
      for (let call = 0; call < 3; call++)
        results.push(await registry.run({ name: 'ping', args: {}, user, sessionId }));
      expect(results.map((result) => (result.ok ? 'ok' : result.error.code))).toEqual([
        'ok',
        'ok',
        'rate_limited',
      ]);
      expect(executed).toEqual(['ping', 'ping']);
      expect(
        await registry.run({ name: 'ping', args: {}, user: { id: unique('user') }, sessionId }),
      ).toMatchObject({ ok: true });
    });

    it('stores a call that needs approval and runs it exactly as asked once approved', async () => {
      const { registry, executed, user, sessionId } = setup();
      const asked = await registry.run({
        name: 'wipe',
        args: { n: 7 },
        user,
        sessionId,
        context: { reason: 'cleanup' },
      });
      if (asked.ok) throw new Error('the call should wait for approval');
      expect(asked.error.code).toBe('approval_required');
      const approvalId = (asked.error.details as { approvalId: string }).approvalId;
      expect(await store().approvals.get(approvalId)).toMatchObject({
        callId: asked.callId,
        name: 'wipe',
        args: { n: 7 },
        user,
        sessionId,
        context: { reason: 'cleanup' },
        status: 'pending',
      });
      const approved = await registry.approvals.approve(approvalId, { by: 'ada', reason: 'planned cleanup' });
      expect(approved).toMatchObject({ ok: true, value: { n: 7 }, callId: asked.callId });
      expect(executed).toEqual(['wipe']);
      const done = await store().approvals.get(approvalId);
      // The result is kept with the approval, for the caller who asked (the MCP status tool), in any process.
      expect(done).toMatchObject({
        status: 'done',
        decidedBy: 'ada',
        outcome: { ok: true, value: { n: 7 }, modelOutput: approved.modelOutput },
      });
      expect(done?.history?.map((step) => [step.status, step.by])).toEqual([
        ['pending', user.id],
        ['approved', 'ada'],
        ['running', undefined],
        ['done', undefined],
      ]);
      // The audit log keeps who asked (the paused record) and who decided and why (the run's record).
      const { records } = await store().audit.query({ sessionId });
      expect(records.map((record) => [record.userId, record.errorCode, record.approval])).toEqual([
        [user.id, undefined, { id: approvalId, decidedBy: 'ada', reason: 'planned cleanup' }],
        [user.id, 'approval_required', undefined],
      ]);
    });
  });
}
