import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ActionFailure,
  createRegistry,
  defineAction,
  ERROR_CODES,
  type ErrorCode,
  type RunResult,
  type Target,
} from '../index.js';

// Every error code of the closed table, reached through registry.run, with the message a model can act on.
function canvas() {
  const blocks: Record<string, Target> = {
    'shape-1': { id: 'shape-1', type: 'shape', color: '#000000', locked: false },
    'shape-locked': { id: 'shape-locked', type: 'shape', color: '#000000', locked: true },
    'md-1': { id: 'md-1', type: 'markdown', content: '# hi' },
  };
  let executions = 0;
  const actions = [
    defineAction({
      name: 'updateColor',
      scope: 'shape',
      roles: ['editor'],
      description: "Change the shape's fill color",
      input: {
        type: 'object',
        properties: { color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
        required: ['color'],
        additionalProperties: false,
      },
      when: ({ target }) => (target?.locked ? { available: false, reason: 'block is locked' } : true),
      handler: (input, ctx) => {
        executions++;
        ctx.target.color = input.color;
        return { color: input.color };
      },
    }),
    defineAction({
      name: 'publish',
      description: 'Publish the document',
      requires: ['save'],
      handler: () => 'published',
    }),
    defineAction({ name: 'save', description: 'Save the document', handler: () => 'saved' }),
    defineAction({
      name: 'ping',
      description: 'Ping',
      rateLimit: { points: 2, duration: 60 },
      handler: () => 'pong',
    }),
    defineAction({
      name: 'wipe',
      description: 'Delete everything',
      approval: 'always',
      destructive: true,
      handler: () => 'wiped',
    }),
    defineAction({
      name: 'slow',
      description: 'Takes long',
      timeoutMs: 20,
      handler: (_input, ctx) =>
        new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve('late'))),
    }),
    defineAction({
      name: 'wait',
      description: 'Waits for the signal',
      handler: (_input, ctx) =>
        new Promise((_r, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped')))),
    }),
    defineAction({
      name: 'boom',
      description: 'Throws',
      handler: () => {
        throw new Error('disk is full');
      },
    }),
    defineAction({
      name: 'refuse',
      description: 'Fails with a chosen code',
      handler: () => {
        throw new ActionFailure('invalid_args', 'width must be below the page width (800)');
      },
    }),
    defineAction({
      name: 'ship',
      description: 'Asks where to ship',
      handler: (_input, ctx) =>
        ctx.ask<{ street: string }>({
          message: 'Which street?',
          schema: { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] },
        }).street,
    }),
    defineAction({
      name: 'count',
      description: 'Returns a count',
      output: z.object({ count: z.number() }),
      handler: () => ({ count: 'many' }) as unknown as { count: number },
    }),
    defineAction({
      name: 'charge',
      description: 'Charges once per key',
      input: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      idempotent: true,
      handler: async (input) => {
        executions++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { charged: input.amount };
      },
    }),
  ];
  const registry = createRegistry({ actions, targets: { get: (_type, id) => blocks[id] } });
  return { registry, blocks, editor: { id: 'u1', roles: ['editor'] }, executions: () => executions };
}

function expectError(result: RunResult, code: ErrorCode, ...fragments: string[]) {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe(code);
  for (const fragment of fragments)
    expect(result.error.message + (result.error.hint ?? '')).toContain(fragment);
  expect(result.modelOutput).toContain(`Error (${code})`);
}

describe('every error code through registry.run', () => {
  const reached = new Set<ErrorCode>();
  const check = (result: RunResult, code: ErrorCode, ...fragments: string[]) => {
    expectError(result, code, ...fragments);
    reached.add(code);
  };

  it('unknown_action suggests the nearest names', async () => {
    const { registry } = canvas();
    const result = await registry.run({ name: 'shape_updateColour', args: {} });
    check(result, 'unknown_action', "'shape_updateColour'", "did you mean 'shape_updateColor'");
    if (!result.ok) expect(result.error.details?.suggestions).toEqual(['shape_updateColor']);
  });

  it('invalid_json says where the text broke', async () => {
    const { registry, editor } = canvas();
    check(
      await registry.run({
        name: 'shape_updateColor',
        args: '{"blockId": "shape-1", "color": ',
        user: editor,
      }),
      'invalid_args',
      'color',
    );
    check(
      await registry.run({ name: 'shape_updateColor', args: '}{ not json at all', user: editor }),
      'invalid_json',
      'not valid JSON',
    );
  });

  it('invalid_args names the field, the rule and what was sent', async () => {
    const { registry, editor } = canvas();
    check(
      await registry.run({
        name: 'shape_updateColor',
        args: { blockId: 'shape-1', color: 'red' },
        user: editor,
      }),
      'invalid_args',
      'color must match ^#[0-9a-fA-F]{6}$',
      "you sent 'red'",
    );
    check(
      await registry.run({ name: 'shape_updateColor', args: { color: '#ffffff' }, user: editor }),
      'invalid_args',
      'blockId is required',
    );
    check(
      await registry.run({
        name: 'shape_updateColor',
        args: { blockId: 'shape-1', colour: '#ffffff' },
        user: editor,
      }),
      'invalid_args',
      'did you mean `color`',
    );
  });

  it('target_not_found and target_mismatch', async () => {
    const { registry, editor } = canvas();
    check(
      await registry.run({
        name: 'shape_updateColor',
        args: { blockId: 'shape-9', color: '#ffffff' },
        user: editor,
      }),
      'target_not_found',
      "no shape with id 'shape-9'",
    );
    check(
      await registry.run({
        name: 'shape_updateColor',
        args: { blockId: 'md-1', color: '#ffffff' },
        user: editor,
      }),
      'target_mismatch',
      "'md-1' is a markdown",
    );
  });

  it('forbidden without the role', async () => {
    const { registry } = canvas();
    check(
      await registry.run({
        name: 'shape_updateColor',
        args: { blockId: 'shape-1', color: '#ffffff' },
        user: { id: 'v', roles: ['viewer'] },
      }),
      'forbidden',
      'requires role editor',
    );
    check(
      await registry.run({ name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ffffff' } }),
      'forbidden',
      'no user',
    );
  });

  it('unavailable with the reason of `when`', async () => {
    const { registry, editor } = canvas();
    check(
      await registry.run({
        name: 'shape_updateColor',
        args: { blockId: 'shape-locked', color: '#ffffff' },
        user: editor,
      }),
      'unavailable',
      'block is locked',
    );
  });

  it('prerequisite_missing until the required action succeeded in the session', async () => {
    const { registry } = canvas();
    check(
      await registry.run({ name: 'publish', sessionId: 's1' }),
      'prerequisite_missing',
      'save',
      'call save first',
    );
    expect((await registry.run({ name: 'save', sessionId: 's1' })).ok).toBe(true);
    expect((await registry.run({ name: 'publish', sessionId: 's1' })).ok).toBe(true);
    check(await registry.run({ name: 'publish', sessionId: 's2' }), 'prerequisite_missing');
  });

  it('rate_limited past the window', async () => {
    const { registry } = canvas();
    const user = { id: 'u1' };
    expect((await registry.run({ name: 'ping', user })).ok).toBe(true);
    expect((await registry.run({ name: 'ping', user })).ok).toBe(true);
    const third = await registry.run({ name: 'ping', user });
    check(third, 'rate_limited', 'at most 2 times per 60 s');
    if (!third.ok) expect(third.error.details?.retryAfterMs).toBeGreaterThan(0);
    expect((await registry.run({ name: 'ping', user: { id: 'u2' } })).ok).toBe(true);
  });

  it('approval_required, then approval_denied', async () => {
    const { registry } = canvas();
    const pending = await registry.run({ name: 'wipe', user: { id: 'u1' } });
    check(pending, 'approval_required', 'approval');
    const approvalId = !pending.ok ? (pending.error.details?.approvalId as string) : '';
    check(
      await registry.approvals.deny(approvalId, { by: 'admin', reason: 'not today' }),
      'approval_denied',
      'not today',
    );
  });

  it('input_required names the question, until the call carries the answer', async () => {
    const { registry } = canvas();
    check(await registry.run({ name: 'ship' }), 'input_required', 'Which street?');
    const answered = await registry.run({ name: 'ship', answers: { input: { street: 'Elm' } } });
    expect(answered).toMatchObject({ ok: true, value: 'Elm' });
  });

  it('timeout and aborted', async () => {
    const { registry } = canvas();
    check(await registry.run({ name: 'slow' }), 'timeout', 'within 20 ms');
    const controller = new AbortController();
    const running = registry.run({ name: 'wait', signal: controller.signal });
    controller.abort(new Error('user pressed stop'));
    check(await running, 'aborted', 'user pressed stop');
  });

  it('handler_error keeps the process alive, and ActionFailure picks its code', async () => {
    const { registry } = canvas();
    check(await registry.run({ name: 'boom' }), 'handler_error', 'disk is full');
    const refused = await registry.run({ name: 'refuse' });
    expectError(refused, 'invalid_args', 'page width');
  });

  it('invalid_output when the handler breaks its output schema', async () => {
    const { registry } = canvas();
    check(await registry.run({ name: 'count' }), 'invalid_output', 'count');
  });

  it('duplicate for a key reused with other arguments or still running', async () => {
    const { registry, executions } = canvas();
    const user = { id: 'u1' };
    const first = registry.run({ name: 'charge', args: { amount: 5 }, idempotencyKey: 'k1', user });
    check(
      await registry.run({ name: 'charge', args: { amount: 5 }, idempotencyKey: 'k1', user }),
      'duplicate',
      'still running',
    );
    expect(await first).toMatchObject({ ok: true, value: { charged: 5 } });
    const replay = await registry.run({ name: 'charge', args: { amount: 5 }, idempotencyKey: 'k1', user });
    expect(replay).toMatchObject({ ok: true, value: { charged: 5 }, replayed: true });
    expect(executions()).toBe(1);
    check(
      await registry.run({ name: 'charge', args: { amount: 6 }, idempotencyKey: 'k1', user }),
      'duplicate',
      'other arguments',
    );
  });

  it('reached every code of the table', () => {
    expect([...reached].sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('withMessage', () => {
  it('gives a result a human message beside its value', async () => {
    const { withMessage } = await import('../index.js');
    const registry = createRegistry({
      actions: [
        defineAction({
          name: 'paint',
          description: 'Paints',
          handler: () => withMessage({ color: '#ff0000' }, 'Color updated to #ff0000'),
        }),
      ],
    });
    const result = await registry.run({ name: 'paint' });
    expect(result).toMatchObject({
      ok: true,
      value: { color: '#ff0000' },
      message: 'Color updated to #ff0000',
    });
    expect(result.modelOutput).toBe('Color updated to #ff0000\n{"color":"#ff0000"}');
  });
});
