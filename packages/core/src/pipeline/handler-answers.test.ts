import { describe, expect, it } from 'vitest';
import { ActionFailure, createRegistry, defineAction, type RunResult, withMessage } from '../index.js';

// The runner runs synchronous steps without awaiting them; these tests pin that a handler answering synchronously,
// with a promise or with a thenable, watched step by step or not, answers exactly alike.

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
