import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { AffordanceError } from '../errors/action-error.js';
import { createRegistry } from '../registry/create-registry.js';
import { chat, collect } from './create-tool-call-assembler.fixture.js';
import { createToolCallAssembler } from './create-tool-call-assembler.js';

describe('createToolCallAssembler running calls', () => {
  it('runs calls concurrently through registry.run and emits results in call order', async () => {
    let releaseSlow!: () => void;
    const slowStarted = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const order: string[] = [];
    const actions = createRegistry({
      actions: [
        defineAction({
          name: 'slow',
          description: 'Waits until fast has run',
          handler: async () => {
            order.push('slow started');
            await slowStarted;
            order.push('slow done');
            return 'slow';
          },
        }),
        defineAction({
          name: 'fast',
          description: 'Returns at once',
          handler: () => {
            order.push('fast done');
            releaseSlow();
            return 'fast';
          },
        }),
      ],
    });
    const { parts, assembler } = collect({ registry: actions, execute: true });
    assembler.push(
      chat([
        { index: 0, id: 'c1', function: { name: 'slow', arguments: '{}' } },
        { index: 1, id: 'c2', function: { name: 'fast', arguments: '{}' } },
      ]),
    );
    expect(assembler.get('c1')?.status).toBe('executing');
    const states = await assembler.end();
    expect(order).toEqual(['slow started', 'fast done', 'slow done']);
    const results = parts.filter((part) => part.type === 'tool-result');
    expect(results.map((part) => [part.id, part.output])).toEqual([
      ['c1', 'slow'],
      ['c2', 'fast'],
    ]);
    expect(results[0]).toMatchObject({
      result: { ok: true, toolCallId: 'c1', name: 'slow', modelOutput: 'slow' },
    });
    expect(states.map((state) => state.status)).toEqual(['complete', 'complete']);
    expect(states[0]!.finishedAt).toBeGreaterThan(states[0]!.inputEndedAt!);
  });

  it('turns a failing run into a tool-error with the run result', async () => {
    const failing = createRegistry({
      actions: [
        defineAction({
          name: 'boom',
          description: 'Throws',
          handler: () => Promise.reject(new Error('disk full')),
        }),
      ],
    });
    const { parts, assembler } = collect({ registry: failing, execute: true });
    assembler.push(chat([{ index: 0, id: 'x', function: { name: 'boom', arguments: '{}' } }]));
    await assembler.end();
    expect(parts.at(-1)).toMatchObject({
      type: 'tool-error',
      id: 'x',
      error: { code: 'handler_error' },
      result: { ok: false },
    });
    expect(assembler.get('x')).toMatchObject({ status: 'failed', error: { code: 'handler_error' } });
  });

  it('runs calls with an execute function and reports what it throws', async () => {
    const { parts, assembler } = collect({
      execute: ({ name, input }) => {
        if (name === 'bad') throw new Error('no such place');
        return { echoed: input };
      },
    });
    assembler.push(
      chat([
        { index: 0, id: 'g', function: { name: 'good', arguments: '{"a":1}' } },
        { index: 1, id: 'b', function: { name: 'bad', arguments: '{}' } },
      ]),
    );
    await assembler.end();
    expect(parts.filter((part) => part.type === 'tool-result' || part.type === 'tool-error')).toEqual([
      { type: 'tool-result', id: 'g', name: 'good', output: { echoed: { a: 1 } } },
      {
        type: 'tool-error',
        id: 'b',
        name: 'bad',
        input: {},
        error: { code: 'handler_error', message: 'bad threw: no such place' },
      },
    ]);
  });

  it('requires a registry for execute: true', () => {
    expect(() => createToolCallAssembler({ execute: true })).toThrow(AffordanceError);
  });

  it('aborts open and unfinished calls and signals running ones', async () => {
    let signal: AbortSignal | undefined;
    const { parts, assembler } = collect({
      execute: ({ signal: given }) => {
        signal = given;
        return new Promise(() => {});
      },
    });
    assembler.push(
      chat([
        { index: 0, id: 'run', function: { name: 'a', arguments: '{}' } },
        { index: 1, id: 'open', function: { name: 'b', arguments: '{"x' } },
      ]),
    );
    const states = assembler.abort('user pressed stop');
    expect(signal?.aborted).toBe(true);
    expect(states.map(({ id, status, error }) => ({ id, status, code: error?.code }))).toEqual([
      { id: 'run', status: 'failed', code: 'aborted' },
      { id: 'open', status: 'failed', code: 'aborted' },
    ]);
    expect(parts.at(-1)).toMatchObject({
      type: 'tool-error',
      error: { message: 'the stream was aborted: user pressed stop' },
    });
    expect(assembler.push(chat([{ index: 1, function: { arguments: '"}' } }]))).toEqual([]);
  });

  it('takes results of calls run elsewhere, once', () => {
    const { parts, assembler } = collect();
    assembler.push(
      chat([
        { index: 0, id: 'a', function: { name: 'x', arguments: '{}' } },
        { index: 1, id: 'b', function: { name: 'y', arguments: '{}' } },
      ]),
    );
    expect(assembler.complete('a', { done: true })).toBe(true);
    expect(assembler.complete('a', 'again')).toBe(false);
    expect(assembler.fail('b', 'user declined')).toBe(true);
    expect(assembler.complete('missing', 1)).toBe(false);
    expect(parts.slice(-2)).toEqual([
      { type: 'tool-result', id: 'a', name: 'x', output: { done: true } },
      {
        type: 'tool-error',
        id: 'b',
        name: 'y',
        input: {},
        error: { code: 'handler_error', message: 'user declined' },
      },
    ]);
    expect(assembler.calls().map((state) => state.status)).toEqual(['complete', 'failed']);
  });
});
