import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRegistry, defineAction, type RunResult, type Target } from '../index.js';
import type { AuditRecord } from '../ports/index.js';
import type { ActionPlan, Course } from './call-state.js';
import { EVERY_STEP, PIPELINE, PLAN_START } from './pipeline.js';
import { courseFor } from './plan.js';

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

describe('a course per kind of call', () => {
  const plan: ActionPlan = {
    steps: PIPELINE.slice(PLAN_START),
    courses: [],
    argsSchema: {},
    redaction: undefined as never,
    flatJson: () => undefined,
    inputValidator: undefined,
  };
  const names = (course: Course) => course.steps.map((step) => step.name);
  const calling = [
    'parse',
    'defaults',
    'validate',
    'target',
    'authorize',
    'when',
    'prerequisites',
    'rate-limit',
  ];

  it('leaves out the claim and settle without a key, history without a session, report unwatched', () => {
    const plain = courseFor(plan, { name: 'ping' }, false);
    expect(names(plain)).toEqual([...calling, 'approval', 'execute', 'output', 'shape', 'audit']);
    expect(plain.steps[plain.closingAt]!.name).toBe('shape');
    expect(names(courseFor(plan, { name: 'ping', idempotencyKey: 'k', sessionId: 's' }, true))).toEqual(
      names(EVERY_STEP).slice(PLAN_START),
    );
    expect(names(courseFor(plan, { name: 'ping', sessionId: 's' }, false))).toContain('history');
    expect(names(courseFor(plan, { name: 'ping' }, true))).toContain('report');
  });

  it('reports the end of a call to a `call-end` listener alone, and records history only in a session', async () => {
    const store = createMemoryStore();
    const registry = createRegistry({
      actions: [defineAction({ name: 'ping', description: 'Pings', handler: () => 'pong' })],
      store,
    });
    const ends: boolean[] = [];
    registry.on('call-end', (event) => ends.push(event.result.ok));
    await registry.run({ name: 'ping' });
    await registry.run({ name: 'ping', sessionId: 's' });
    expect(ends).toEqual([true, true]);
    expect([...(await store.history.succeeded('s'))]).toEqual(['ping']);
  });

  it('has an output step only for an action with an output schema', () => {
    const output = PIPELINE.find((step) => step.name === 'output')!;
    const bare = defineAction({ name: 'ping', description: 'Pings', handler: () => 'pong' });
    const typed = defineAction({
      name: 'pong',
      description: 'Pongs',
      output: { type: 'string' },
      handler: () => 'pong',
    });
    expect([bare, typed].map((action) => output.applies?.(action, undefined as never))).toEqual([
      false,
      true,
    ]);
  });
});
