import { describe, expect, it } from 'vitest';
import {
  ActionFailure,
  type AuditRecord,
  createMemoryStore,
  createRegistry,
  defineAction,
  type RateLimiter,
  type RunResult,
  type Target,
  withMessage,
} from '../index.js';

// The pipeline runs synchronous steps without awaiting them and skips steps an action cannot use; these tests pin
// that every such fast path answers exactly as the general path does.

const input = {
  type: 'object',
  properties: { color: { type: 'string' } },
  required: ['color'],
  additionalProperties: false,
} as const;

/** The result without its timing and id, which differ from call to call. */
function comparable(result: RunResult) {
  const { durationMs: _duration, callId: _id, ...rest } = result;
  return rest;
}

function registryWith(handler: (value: { color: string }) => unknown) {
  return createRegistry({
    actions: [
      defineAction({
        name: 'paint',
        description: 'Paints',
        input,
        handler: (value) => handler(value) as never,
      }),
    ],
  });
}

describe('handlers: sync, async and thenable answer alike', () => {
  const kinds = {
    sync: (value: unknown) => value,
    async: async (value: unknown) => value,
    // A promise-like from another library: awaited like a promise.
    // biome-ignore lint/suspicious/noThenProperty: the point of the case is a thenable that is not a Promise
    thenable: (value: unknown) => ({ then: (resolve: (settled: unknown) => void) => resolve(value) }),
  };

  it('returns the same value, message and model output whichever way the handler answers', async () => {
    const results = await Promise.all(
      Object.values(kinds).map((wrap) =>
        registryWith(({ color }) => wrap({ color })).run({ name: 'paint', args: { color: 'red' } }),
      ),
    );
    for (const result of results)
      expect(comparable(result)).toEqual({
        ok: true,
        value: { color: 'red' },
        name: 'paint',
        modelOutput: '{"color":"red"}',
      });
    const replies = await Promise.all(
      Object.values(kinds).map((wrap) =>
        registryWith(({ color }) => wrap(withMessage({ color }, `painted ${color}`))).run({
          name: 'paint',
          args: { color: 'red' },
        }),
      ),
    );
    for (const reply of replies)
      expect(comparable(reply)).toEqual({
        ok: true,
        value: { color: 'red' },
        message: 'painted red',
        name: 'paint',
        modelOutput: 'painted red\n{"color":"red"}',
      });
  });

  it('turns a synchronous throw and an asynchronous rejection into the same handler_error', async () => {
    const thrown = await registryWith(() => {
      throw new Error('paint is dry');
    }).run({ name: 'paint', args: { color: 'red' } });
    const rejected = await registryWith(async () => {
      throw new Error('paint is dry');
    }).run({ name: 'paint', args: { color: 'red' } });
    expect(comparable(thrown)).toEqual(comparable(rejected));
    expect(thrown.ok ? undefined : thrown.error).toMatchObject({
      code: 'handler_error',
      message: 'paint failed: paint is dry',
    });
    const failure = await registryWith(() => {
      throw new ActionFailure('unavailable', 'the shape is being edited by someone else');
    }).run({ name: 'paint', args: { color: 'red' } });
    expect(failure.ok ? undefined : failure.error).toMatchObject({
      code: 'unavailable',
      message: 'the shape is being edited by someone else',
    });
  });

  it('answers alike when observed step by step, under a time limit and with a caller signal', async () => {
    const answers = { ...kinds, rejected: async () => Promise.reject(new Error('paint is dry')) };
    for (const [kind, wrap] of Object.entries(answers)) {
      const outcomes = [];
      for (const mode of ['plain', 'observed', 'time limit', 'signal'] as const) {
        const registry = createRegistry({
          actions: [
            defineAction({
              name: 'paint',
              description: 'Paints',
              input,
              ...(mode === 'time limit' ? { timeoutMs: 5_000 } : {}),
              handler: ({ color }) => wrap({ color }) as never,
            }),
          ],
        });
        const steps: string[] = [];
        if (mode === 'observed') registry.on('call-step', (event) => steps.push(event.step));
        const signal = mode === 'signal' ? new AbortController().signal : undefined;
        const result = await registry.run({
          name: 'paint',
          args: { color: 'red' },
          ...(signal ? { signal } : {}),
        });
        if (mode === 'observed') expect(steps).toContain('execute');
        outcomes.push(comparable(result));
      }
      expect(outcomes.slice(1), kind).toEqual([outcomes[0], outcomes[0], outcomes[0]]);
      expect(outcomes[0]!.ok, kind).toBe(kind !== 'rejected');
    }
  });

  it('runs a synchronous handler before run() returns, and still answers with a promise', async () => {
    const seen: string[] = [];
    const registry = registryWith(({ color }) => {
      seen.push(color);
      return color;
    });
    const pending = registry.run({ name: 'paint', args: { color: 'blue' } });
    expect(pending).toBeInstanceOf(Promise);
    expect(seen).toEqual(['blue']);
    expect((await pending).ok).toBe(true);
  });

  it('keeps the key order of a success with and without a message', async () => {
    const plain = await registryWith(() => 1).run({ name: 'paint', args: { color: 'red' } });
    expect(Object.keys(plain)).toEqual(['ok', 'value', 'callId', 'name', 'durationMs', 'modelOutput']);
    const told = await registryWith(() => withMessage(1, 'one')).run({
      name: 'paint',
      args: { color: 'red' },
    });
    expect(Object.keys(told)).toEqual([
      'ok',
      'value',
      'message',
      'callId',
      'name',
      'durationMs',
      'modelOutput',
    ]);
  });
});

/** A rate limiter port that records each request and answers through `answer`. */
function spyLimiter(answer: (count: number) => ReturnType<RateLimiter['consume']>) {
  const keys: string[] = [];
  const limiter: RateLimiter = {
    consume({ key }) {
      keys.push(key);
      return answer(keys.length);
    },
  };
  return { limiter, keys };
}

describe('rate limits in the compiled plan', () => {
  const limited = (rateLimit?: Parameters<typeof defineAction>[0]['rateLimit']) =>
    defineAction({
      name: 'ping',
      description: 'Pings',
      ...(rateLimit ? { rateLimit } : {}),
      handler: () => 'pong',
    });

  it('never asks the limiter for an action without a rate limit', async () => {
    const { limiter, keys } = spyLimiter(() => ({ allowed: true }));
    const registry = createRegistry({ actions: [limited()], store: { rateLimiter: limiter } });
    expect((await registry.run({ name: 'ping' })).ok).toBe(true);
    expect(keys).toEqual([]);
  });

  it('asks once per window with keys per user, session, tenant and globally', async () => {
    const { limiter, keys } = spyLimiter(() => ({ allowed: true }));
    const registry = createRegistry({
      actions: [
        limited([
          { points: 5, duration: 60 },
          { points: 50, duration: 3600, per: 'session' },
          { points: 500, duration: 60, per: 'tenant' },
          { points: 9, duration: 1, per: 'global' },
        ]),
      ],
      store: { rateLimiter: limiter },
    });
    const user = { id: 'ada', tenantId: 'acme' };
    await registry.run({ name: 'ping', user, sessionId: 's1' });
    await registry.run({ name: 'ping' });
    expect(keys).toEqual([
      'ping:5/60:user:ada',
      'ping:50/3600:session:s1',
      'ping:500/60:tenant:acme',
      'ping:9/1:global',
      'ping:5/60:user:anonymous',
      'ping:50/3600:session:none',
      'ping:500/60:tenant:default',
      'ping:9/1:global',
    ]);
  });

  it('refuses the same way whether the limiter answers synchronously or with a promise', async () => {
    const refuse = (count: number) =>
      count === 2 ? { allowed: false as const, retryAfterMs: 1500 } : { allowed: true as const };
    const rules = [
      { points: 1, duration: 60 },
      { points: 2, duration: 60, per: 'global' as const },
    ];
    const outcomes = [];
    for (const answer of [refuse, async (count: number) => refuse(count)]) {
      const { limiter, keys } = spyLimiter(answer);
      const registry = createRegistry({ actions: [limited(rules)], store: { rateLimiter: limiter } });
      const result = await registry.run({ name: 'ping', user: { id: 'u' } });
      outcomes.push({ result: comparable(result), keys });
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]!.keys).toEqual(['ping:1/60:user:u', 'ping:2/60:global']);
    expect(outcomes[0]!.result).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', details: { retryAfterMs: 1500, per: 'global' } },
    });
  });

  it('reports a limiter that throws or rejects in its own words, and logs what the store said', async () => {
    for (const answer of [
      (): never => {
        throw new Error('counter offline');
      },
      async (): Promise<never> => {
        throw new Error('counter offline');
      },
    ]) {
      const { limiter } = spyLimiter(answer);
      const errors: unknown[] = [];
      const logger = { debug() {}, info() {}, warn() {}, error: (entry: object) => errors.push(entry) };
      const registry = createRegistry({
        actions: [limited({ points: 1, duration: 1 })],
        store: { rateLimiter: limiter },
        logger,
      });
      const result = await registry.run({ name: 'ping' });
      expect(result.ok ? undefined : result.error).toMatchObject({
        code: 'handler_error',
        message: 'the rate limiter failed, so ping did not run',
        details: { step: 'rate-limit' },
      });
      expect(JSON.stringify(result)).not.toContain('counter offline');
      expect(errors).toEqual([expect.objectContaining({ step: 'rate-limit', err: expect.any(Error) })]);
    }
  });

  it('counts with the default in-memory limiter and refuses past the points', async () => {
    const registry = createRegistry({ actions: [limited({ points: 2, duration: 60 })] });
    const user = { id: 'u' };
    const results = [];
    for (let call = 0; call < 3; call++) results.push(await registry.run({ name: 'ping', user }));
    expect(results.map((result) => result.ok)).toEqual([true, true, false]);
    const refused = results[2]!;
    expect(refused.ok ? undefined : refused.error.message).toMatch(
      /^ping may run at most 2 times per 60 s per user; try again in \d+ s$/,
    );
    expect((await registry.run({ name: 'ping', user: { id: 'other' } })).ok).toBe(true);
  });
});

describe('steps left out of the plan', () => {
  it('applies a policy only in the registry that has one, for the same action object', async () => {
    const action = defineAction({ name: 'ping', description: 'Pings', handler: () => 'pong' });
    const open = createRegistry({ actions: [action] });
    const closed = createRegistry({
      actions: [action],
      policy: () => ({ allowed: false, reason: 'closed' }),
    });
    for (let round = 0; round < 2; round++) {
      expect((await open.run({ name: 'ping' })).ok).toBe(true);
      const refused = await closed.run({ name: 'ping' });
      expect(refused.ok ? undefined : refused.error.message).toBe('the policy does not allow ping: closed');
    }
  });

  it('reads no session history for an action without prerequisites, and records its success', async () => {
    const store = createMemoryStore();
    const reads: string[] = [];
    const history = store.history;
    const registry = createRegistry({
      actions: [
        defineAction({ name: 'open', description: 'Opens', handler: () => 'opened' }),
        defineAction({ name: 'save', description: 'Saves', requires: ['open'], handler: () => 'saved' }),
      ],
      store: {
        ...store,
        history: {
          succeeded: (sessionId) => {
            reads.push(sessionId);
            return history.succeeded(sessionId);
          },
          record: (sessionId, name) => history.record(sessionId, name),
        },
      },
    });
    await registry.run({ name: 'open', sessionId: 's' });
    expect(reads).toEqual([]);
    expect((await registry.run({ name: 'save', sessionId: 's' })).ok).toBe(true);
    expect(reads).toEqual(['s']);
  });

  it('still checks scope, roles and `when` on a scoped action', async () => {
    const shape: Target = { id: 's1', type: 'shape', locked: true };
    const registry = createRegistry({
      targets: { get: (_type, id) => (id === 's1' ? shape : undefined) },
      actions: [
        defineAction({
          name: 'paint',
          scope: 'shape',
          roles: ['editor'],
          description: 'Paints',
          when: ({ target }) => (target.locked ? { available: false, reason: 'locked' } : true),
          handler: () => 'painted',
        }),
      ],
    });
    const codes = [];
    for (const user of [undefined, { id: 'v', roles: ['viewer'] }, { id: 'e', roles: ['editor'] }])
      codes.push((await registry.run({ name: 'shape_paint', args: { blockId: 's1' }, user })) as RunResult);
    expect(codes.map((result) => (result.ok ? 'ok' : result.error.code))).toEqual([
      'forbidden',
      'forbidden',
      'unavailable',
    ]);
  });
});

describe('audit writes', () => {
  const ping = defineAction({ name: 'ping', description: 'Pings', handler: () => 'pong' });

  it('waits for an asynchronous sink before run() resolves', async () => {
    const records: AuditRecord[] = [];
    const store = createMemoryStore();
    const registry = createRegistry({
      actions: [ping],
      store: {
        audit: {
          ...store.audit,
          record: (record) =>
            new Promise<void>((resolve) => setTimeout(() => resolve(void records.push(record)), 5)),
        },
      },
    });
    const result = await registry.run({ name: 'ping', user: { id: 'u' } });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ callId: result.callId, name: 'ping', outcome: 'ok', userId: 'u' });
    expect(records[0]!.endedAt >= records[0]!.startedAt).toBe(true);
  });

  it('logs a sink that throws or rejects once, and writes the record again without the arguments', async () => {
    for (const fails of [
      (): never => {
        throw new Error('disk full');
      },
      async (): Promise<never> => {
        throw new Error('disk full');
      },
    ]) {
      const errors: unknown[] = [];
      const logger = { debug() {}, info() {}, warn() {}, error: (entry: object) => errors.push(entry) };
      const store = createMemoryStore();
      let writes = 0;
      const record = (entry: AuditRecord) => (writes++ === 0 ? fails() : store.audit.record(entry));
      const registry = createRegistry({
        actions: [ping],
        logger,
        store: { audit: { ...store.audit, record } },
      });
      const result = await registry.run({ name: 'ping' });
      expect(result).toMatchObject({ ok: true, value: 'pong' });
      expect(errors).toEqual([expect.objectContaining({ callId: result.callId, err: expect.any(Error) })]);
      const { records } = await store.audit.query();
      expect(records).toEqual([
        expect.objectContaining({
          callId: result.callId,
          outcome: 'ok',
          args: '[not recorded: the first audit write failed]',
        }),
      ]);
    }
  });

  it('answers handler_error (not retryable) when a call ran and its record cannot be written twice', async () => {
    for (const record of [
      (): never => {
        throw new Error('disk full');
      },
      async (): Promise<never> => {
        throw new Error('disk full');
      },
    ]) {
      const store = createMemoryStore();
      const registry = createRegistry({ actions: [ping], store: { audit: { ...store.audit, record } } });
      const result = await registry.run({ name: 'ping' });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'handler_error',
          message: 'ping ran, but its audit record could not be written; its effects stand',
          details: { handlerRan: true },
        },
      });
      expect(JSON.stringify(result)).not.toContain('disk full');
    }
  });
});

describe('what the plan carries past the steps', () => {
  const note = defineAction({
    name: 'note',
    scope: 'shape',
    description: 'Notes',
    input: {
      type: 'object',
      properties: { text: { type: 'string' }, pin: { type: 'string', writeOnly: true } },
      required: ['text'],
      additionalProperties: false,
    } as const,
    handler: (value) => ({ ...value }),
  });
  const shape: Target = { id: 's1', type: 'shape' };

  it('drops the nulls strict mode sends for left-out optional arguments, target id included in the schema', async () => {
    const records: AuditRecord[] = [];
    const registry = createRegistry({
      actions: [note],
      targets: { get: (_type, id) => (id === 's1' ? shape : undefined) },
      store: { audit: { ...createMemoryStore().audit, record: (record) => void records.push(record) } },
    });
    const result = await registry.run({ name: 'shape_note', args: { blockId: 's1', text: 'hi', pin: null } });
    expect(result).toMatchObject({ ok: true, value: { text: 'hi' }, modelOutput: '{"text":"hi"}' });
    expect(records[0]!.args).toEqual({ blockId: 's1', text: 'hi' });
  });

  it('redacts a secret argument in the audit record and keeps the others as sent', async () => {
    const records: AuditRecord[] = [];
    const registry = createRegistry({
      actions: [note],
      targets: { get: () => shape },
      store: { audit: { ...createMemoryStore().audit, record: (record) => void records.push(record) } },
    });
    await registry.run({ name: 'shape_note', args: { blockId: 's1', text: 'hi', pin: '1234' } });
    await registry.run({ name: 'shape_note', args: { blockId: 's1', text: 'again' } });
    expect(records.map((record) => record.args)).toEqual([
      { blockId: 's1', text: 'hi', pin: '[redacted]' },
      { blockId: 's1', text: 'again' },
    ]);
  });

  it('writes the model text of results of changing shapes exactly as JSON', async () => {
    const values: unknown[] = [
      { a: 1 },
      { a: 'x', b: true },
      { b: null, a: 2.5 },
      { nested: { a: [1] } },
      'plain',
      7,
    ];
    let next = 0;
    const registry = createRegistry({
      actions: [defineAction({ name: 'vary', description: 'Varies', handler: () => values[next++] })],
    });
    for (const value of values) {
      const result = await registry.run({ name: 'vary' });
      expect(result.ok && result.modelOutput).toBe(typeof value === 'string' ? value : JSON.stringify(value));
    }
  });
});
