import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRegistry, defineAction, type RunCall } from '../../index.js';
import type { AuditRecord } from '../../ports/index.js';

function counting() {
  const invoked: unknown[] = [];
  const store = createMemoryStore();
  const registry = createRegistry({
    store,
    actions: [
      defineAction({
        name: 'count',
        description: 'Counts its calls',
        input: { type: 'object', properties: { n: { type: 'number' } } },
        handler: (input, ctx) => {
          invoked.push({ input, callId: ctx.callId, toolCallId: ctx.toolCallId });
          return 'counted';
        },
      }),
    ],
  });
  const records = async (): Promise<AuditRecord[]> => (await store.audit.query()).records;
  return { registry, invoked, records };
}

const user = { id: 'u1', roles: ['editor'] };

describe('call-level fields are checked before anything runs', () => {
  it.each<[string, Partial<RunCall>, string]>([
    [
      'a NUL in sessionId',
      { sessionId: 'ses\u0000sion' },
      'sessionId contains a control character (U+0000) at position 3',
    ],
    [
      'a lone surrogate in sessionId',
      { sessionId: 'a\ud800' },
      'sessionId contains a lone UTF-16 surrogate (U+D800)',
    ],
    [
      'a bidi override in sessionId',
      { sessionId: 'a\u202eb' },
      'sessionId contains a bidirectional control character (U+202E)',
    ],
    [
      'a huge sessionId',
      { sessionId: 'x'.repeat(10_000) },
      'sessionId is 10000 characters long; the most is 256',
    ],
    [
      'a NUL in idempotencyKey',
      { idempotencyKey: 'k\u0000' },
      'idempotencyKey contains a control character (U+0000)',
    ],
    ['an empty idempotencyKey', { idempotencyKey: '' }, 'idempotencyKey is empty'],
    [
      'a newline in toolCallId',
      { toolCallId: 'call\n1' },
      'toolCallId contains a control character (U+000A)',
    ],
    ['a NUL in the older callId', { callId: 'c\u0000' }, 'callId contains a control character (U+0000)'],
    ['a NUL in user.id', { user: { id: 'u\u0000' } }, 'user.id contains a control character (U+0000)'],
    ['a user without an id', { user: {} as never }, 'user.id must be a string, not undefined'],
    [
      'a lone surrogate in tenantId',
      { user: { id: 'u', tenantId: '\udfff' } },
      'user.tenantId contains a lone',
    ],
    [
      'a role that is not text',
      { user: { id: 'u', roles: [1 as never] } },
      'user.roles has a role that must be text',
    ],
    ['a number as sessionId', { sessionId: 5 as never }, 'sessionId must be a string, not number'],
  ])(
    '%s: invalid_args naming the field, no handler, one audit record without it',
    async (_what, fields, text) => {
      const { registry, invoked, records } = counting();
      const result = await registry.run({ name: 'count', args: { n: 1 }, user, ...fields });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
      if (!result.ok) {
        expect(result.error.message).toContain(text);
        expect(result.error.details).toMatchObject({ field: expect.any(String) });
      }
      expect(invoked).toHaveLength(0);
      const audit = await records();
      expect(audit).toHaveLength(1);
      const record = audit[0]!;
      expect(record).toMatchObject({ callId: result.callId, outcome: 'error', errorCode: 'invalid_args' });
      // A field that failed is not written: no hostile text reaches a store.
      for (const field of ['sessionId', 'toolCallId', 'userId', 'tenantId'] as const)
        expect(record[field]).toBeUndefined();
    },
  );

  it('refuses an action name with control characters as unknown_action, stored without them', async () => {
    const { registry, invoked, records } = counting();
    const result = await registry.run({ name: 'co\u0000unt', args: {} });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'unknown_action', message: expect.stringContaining('U+0000') },
    });
    expect(invoked).toHaveLength(0);
    const [record] = await records();
    expect(record?.name).toBe('co\ufffdunt');
  });

  it('takes clean fields as they are: unicode, SQL-ish and path-ish text, __proto__', async () => {
    const { registry, invoked, records } = counting();
    for (const sessionId of [
      'セッション🙂',
      "x'; DROP TABLE agent_actions; --",
      '../../etc/passwd',
      '__proto__',
    ]) {
      const result = await registry.run({
        name: 'count',
        args: { n: 1 },
        user,
        sessionId,
        toolCallId: sessionId,
      });
      expect(result).toMatchObject({ ok: true, toolCallId: sessionId });
    }
    expect(invoked).toHaveLength(4);
    expect((await records()).map((record) => record.sessionId).sort()).toEqual(
      ["x'; DROP TABLE agent_actions; --", '../../etc/passwd', '__proto__', 'セッション🙂'].sort(),
    );
  });
});

describe('call ids are the pipeline’s', () => {
  it('keeps a caller’s tool-call id beside a call id of its own, unique per call', async () => {
    const { registry, invoked, records } = counting();
    const first = await registry.run({ name: 'count', args: {}, toolCallId: 'call_abc' });
    const second = await registry.run({ name: 'count', args: {}, callId: 'call_abc' });
    expect(first).toMatchObject({ ok: true, toolCallId: 'call_abc' });
    expect(second).toMatchObject({ ok: true, toolCallId: 'call_abc' });
    expect(first.callId).not.toBe('call_abc');
    expect(first.callId).not.toBe(second.callId);
    expect(invoked).toEqual([
      expect.objectContaining({ callId: first.callId, toolCallId: 'call_abc' }),
      expect.objectContaining({ callId: second.callId, toolCallId: 'call_abc' }),
    ]);
    const audit = await records();
    expect(audit.map((record) => [record.callId, record.toolCallId]).sort()).toEqual(
      [
        [first.callId, 'call_abc'],
        [second.callId, 'call_abc'],
      ].sort(),
    );
  });
});

describe('a failure after the handler ran still leaves one audit record', () => {
  it('answers handler_error (not retryable) when the session history cannot record the call', async () => {
    for (const record of [
      (): never => {
        throw new Error('relation "session_history" does not exist');
      },
      async (): Promise<never> => {
        throw new Error('relation "session_history" does not exist');
      },
    ]) {
      const store = createMemoryStore();
      let ran = 0;
      const registry = createRegistry({
        store: { ...store, history: { succeeded: () => new Set(), record } },
        actions: [defineAction({ name: 'once', description: 'Runs once', handler: () => ++ran })],
      });
      const result = await registry.run({ name: 'once', sessionId: 's1' });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'handler_error',
          message: 'once ran, but the session history could not record it; its effects stand',
          details: { handlerRan: true },
        },
      });
      expect(JSON.stringify(result)).not.toContain('session_history');
      expect(ran).toBe(1);
      const { records } = await store.audit.query();
      expect(records).toEqual([
        expect.objectContaining({ callId: result.callId, outcome: 'error', errorCode: 'handler_error' }),
      ]);
    }
  });

  it('answers handler_error when the idempotency key cannot be settled, and audits it once', async () => {
    const store = createMemoryStore();
    const registry = createRegistry({
      store: {
        ...store,
        idempotency: {
          ...store.idempotency,
          complete: async () => {
            throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
          },
        },
      },
      actions: [defineAction({ name: 'once', description: 'Runs once', handler: () => 'done' })],
    });
    const result = await registry.run({ name: 'once', idempotencyKey: 'k1' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'handler_error', details: { handlerRan: true } },
    });
    expect(JSON.stringify(result)).not.toContain('0x00');
    expect((await store.audit.query()).records).toHaveLength(1);
  });

  it('reports a failing idempotency store before the handler in its own words', async () => {
    const store = createMemoryStore();
    let ran = 0;
    const registry = createRegistry({
      store: {
        ...store,
        idempotency: {
          ...store.idempotency,
          begin: async () => {
            throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
          },
        },
      },
      actions: [defineAction({ name: 'once', description: 'Runs once', handler: () => ++ran })],
    });
    const result = await registry.run({ name: 'once', idempotencyKey: 'k1' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'handler_error', message: 'the idempotency store failed, so once did not run' },
    });
    expect(ran).toBe(0);
    expect((await store.audit.query()).records).toHaveLength(1);
  });
});
