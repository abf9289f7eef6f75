import { describe, expect, it } from 'vitest';
import { createRegistry, defineAction, type Registry, type RunCall, type User } from '../index.js';

const editor: User = { id: 'ed', roles: ['editor'] };
const viewer: User = { id: 'vi', roles: ['viewer'] };

/** Actions behind every check the pipeline makes before it would run or pause a call. */
function previewRegistry() {
  const runs: string[] = [];
  const ruleSaw: unknown[] = [];
  const handler = (name: string) => () => {
    runs.push(name);
    return { done: name };
  };
  const blocks: Record<string, { id: string; type: string; locked?: boolean }> = {
    'acc-1': { id: 'acc-1', type: 'account' },
    'acc-2': { id: 'acc-2', type: 'account', locked: true },
    'note-1': { id: 'note-1', type: 'note' },
  };
  const registry = createRegistry({
    targets: { get: (_type, id) => blocks[id], list: () => Object.values(blocks) },
    policy: ({ name, user }) =>
      name === 'export' && user?.id !== 'ed' ? { allowed: false, reason: 'exports are for ed' } : true,
    actions: [
      defineAction({
        name: 'transfer',
        description: 'Move money',
        scope: 'account',
        roles: ['editor'],
        input: {
          type: 'object',
          properties: { amount: { type: 'number' }, currency: { type: 'string' } },
          required: ['amount'],
        },
        defaults: () => ({ currency: 'EUR' }),
        when: ({ target }) => (target?.locked ? { available: false, reason: 'the account is locked' } : true),
        approval: ({ input, target }) => {
          ruleSaw.push({ input, target: target?.id });
          return input.amount > 100;
        },
        handler: handler('transfer'),
      }),
      defineAction({
        name: 'export',
        description: 'Export everything',
        input: { type: 'object', properties: {} },
        approval: 'always',
        rateLimit: { points: 2, duration: 60 },
        handler: handler('export'),
      }),
      defineAction({
        name: 'close',
        description: 'Close the books',
        input: { type: 'object', properties: {} },
        requires: ['export'],
        handler: handler('close'),
      }),
      defineAction({
        name: 'audit',
        description: 'Audit the books',
        input: { type: 'object', properties: {} },
        approval: () => {
          throw new Error('the rule broke');
        },
        handler: handler('audit'),
      }),
    ],
  });
  return { registry, runs, ruleSaw };
}

/** The preview of a call, then what `run` did with it: the outcome both name, and the error they give. */
async function previewThenRun(registry: Registry, call: RunCall) {
  const preview = await registry.preview(call);
  const result = await registry.run(call);
  const ran = result.ok ? 'run' : result.error.code === 'approval_required' ? 'approval' : 'refused';
  return { preview, ran, error: result.ok ? undefined : result.error };
}

describe('registry.preview', () => {
  it('answers run, approval or refused as `run` then does, with the error `run` answers', async () => {
    const transfer = (args: unknown, user: User): RunCall => ({ name: 'account.transfer', args, user });
    const cases: Array<[RunCall, string, string?]> = [
      [transfer({ blockId: 'acc-1', amount: 5 }, editor), 'run'],
      [transfer({ blockId: 'acc-1', amount: 500 }, editor), 'approval'],
      [transfer({ blockId: 'acc-1', amount: 500 }, viewer), 'refused', 'forbidden'],
      [transfer({ blockId: 'acc-2', amount: 500 }, editor), 'refused', 'unavailable'],
      [transfer({ blockId: 'nope', amount: 5 }, editor), 'refused', 'target_not_found'],
      [transfer({ blockId: 'note-1', amount: 5 }, editor), 'refused', 'target_mismatch'],
      [transfer({ blockId: 'acc-1', amount: 'lots' }, editor), 'refused', 'invalid_args'],
      [transfer('{"blockId": "acc-1",', editor), 'refused', 'invalid_args'],
      [{ name: 'export', args: {}, user: viewer }, 'refused', 'forbidden'],
      [{ name: 'export', args: {}, user: editor }, 'approval'],
      [{ name: 'close', args: {}, user: editor }, 'refused', 'prerequisite_missing'],
      [{ name: 'audit', args: {}, user: editor }, 'refused', 'handler_error'],
      [{ name: 'account.transfr', args: {}, user: editor }, 'refused', 'unknown_action'],
      [{ name: 'export', args: {}, user: { id: '' } }, 'refused', 'invalid_args'],
    ];
    for (const [call, outcome, code] of cases) {
      const { registry } = previewRegistry();
      const { preview, ran, error } = await previewThenRun(registry, call);
      const label = JSON.stringify(call);
      expect(ran, label).toBe(outcome);
      expect(preview.outcome, label).toBe(outcome);
      if (preview.outcome === 'refused') {
        expect(preview.error.code, label).toBe(code);
        expect(preview.error, label).toEqual(error);
      }
    }
  });

  it('suggests the nearest name for an unknown action, as run does', async () => {
    const { registry } = previewRegistry();
    const preview = await registry.preview({ name: 'account.transfr', args: {} });
    expect(preview).toMatchObject({
      outcome: 'refused',
      error: { code: 'unknown_action', details: { suggestions: [expect.stringMatching(/transfer$/)] } },
    });
    const result = await registry.run({ name: 'account.transfr', args: {} });
    expect(result.ok ? undefined : result.error).toEqual(preview.outcome === 'refused' && preview.error);
  });

  it('asks the approval rule with the validated input, defaults filled in, and the live target', async () => {
    const { registry, ruleSaw } = previewRegistry();
    const call = { name: 'account.transfer', args: { blockId: 'acc-1', amount: 500 }, user: editor };
    expect(await registry.preview(call)).toEqual({ outcome: 'approval' });
    expect(ruleSaw).toEqual([{ input: { amount: 500, currency: 'EUR' }, target: 'acc-1' }]);
    expect(call.args).toEqual({ blockId: 'acc-1', amount: 500 });
  });

  it('runs no handler and records nothing: no audit, approval, history, rate-limit point, event or observer', async () => {
    const { registry, runs } = previewRegistry();
    const events: string[] = [];
    for (const type of ['call-start', 'call-step', 'call-end', 'approval-requested'] as const)
      registry.on(type, () => events.push(type));
    const observed: string[] = [];
    registry.observe({ start: (call) => void observed.push(call.name) });
    for (let asked = 0; asked < 5; asked++) {
      expect(await registry.preview({ name: 'export', args: {}, user: editor, sessionId: 's1' })).toEqual({
        outcome: 'approval',
      });
      expect(
        await registry.preview({
          name: 'account.transfer',
          args: { blockId: 'acc-1', amount: 5 },
          user: editor,
          sessionId: 's1',
          idempotencyKey: 'k1',
        }),
      ).toEqual({ outcome: 'run' });
    }
    expect(runs).toEqual([]);
    expect(events).toEqual([]);
    expect(observed).toEqual([]);
    expect((await registry.store.audit.query({})).records).toEqual([]);
    expect(await registry.approvals.list()).toEqual([]);
    expect(await registry.store.history.succeeded('s1')).toEqual(new Set());
    // Both calls the limit allows are still there.
    for (let call = 0; call < 2; call++) {
      const result = await registry.run({ name: 'export', args: {}, user: editor });
      expect(result.ok ? 'ok' : result.error.code).toBe('approval_required');
    }
    const third = await registry.run({ name: 'export', args: {}, user: editor });
    expect(third.ok ? 'ok' : third.error.code).toBe('rate_limited');
  });

  it('refuses a call over its rate limit, as run would, with the time left', async () => {
    const { registry } = previewRegistry();
    for (let call = 0; call < 2; call++) await registry.run({ name: 'export', args: {}, user: editor });
    const { preview, ran, error } = await previewThenRun(registry, {
      name: 'export',
      args: {},
      user: editor,
    });
    expect(ran).toBe('refused');
    expect(error?.code).toBe('rate_limited');
    // The same refusal; the time left is read from the clock twice, preview first, so it may be a few ms more.
    const leftOf = (found: unknown) =>
      Number((found as { details?: { retryAfterMs?: unknown } }).details?.retryAfterMs);
    expect(preview).toEqual({
      outcome: 'refused',
      error: { ...error, details: { ...error!.details, retryAfterMs: expect.any(Number) } },
    });
    const previewed = leftOf(preview.outcome === 'refused' ? preview.error : {});
    expect(previewed).toBeGreaterThanOrEqual(leftOf(error));
    expect(previewed - leftOf(error)).toBeLessThan(1000);
  });

  it('leaves the rate limit out with a limiter that cannot peek', async () => {
    const counted: string[] = [];
    const registry = createRegistry({
      store: {
        rateLimiter: {
          consume: ({ key }) => {
            counted.push(key);
            return { allowed: false, retryAfterMs: 1000 };
          },
        },
      },
      actions: [
        defineAction({
          name: 'ping',
          description: 'Ping',
          input: { type: 'object', properties: {} },
          rateLimit: { points: 1, duration: 60 },
          handler: () => 'pong',
        }),
      ],
    });
    expect(await registry.preview({ name: 'ping', args: {} })).toEqual({ outcome: 'run' });
    expect(counted).toEqual([]);
  });

  it('sees what earlier calls of the session did: `requires` met once export ran', async () => {
    const registry = createRegistry({
      actions: [
        defineAction({
          name: 'open',
          description: 'Open',
          input: { type: 'object', properties: {} },
          handler: () => 1,
        }),
        defineAction({
          name: 'close',
          description: 'Close',
          input: { type: 'object', properties: {} },
          requires: ['open'],
          approval: 'always',
          handler: () => 2,
        }),
      ],
    });
    const close = { name: 'close', args: {}, sessionId: 's1' };
    expect((await registry.preview(close)).outcome).toBe('refused');
    await registry.run({ name: 'open', args: {}, sessionId: 's1' });
    expect(await registry.preview(close)).toEqual({ outcome: 'approval' });
  });
});
