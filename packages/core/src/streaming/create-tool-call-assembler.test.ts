import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { AffordanceError } from '../errors/action-error.js';
import { createRegistry } from '../registry/create-registry.js';
import { createToolCallAssembler } from './create-tool-call-assembler.js';
import type { ToolCallPart } from './tool-call-parts.js';

const chat = (calls: object[], finish?: string) => ({
  choices: [{ index: 0, delta: { tool_calls: calls }, finish_reason: finish ?? null }],
});
const agui = (type: string, fields: object = {}) => ({ type, ...fields });

function clock() {
  let time = 1000;
  return () => time++;
}

function collect(options: Parameters<typeof createToolCallAssembler>[0] = {}) {
  const parts: ToolCallPart[] = [];
  const assembler = createToolCallAssembler({ now: clock(), ...options, onPart: (part) => parts.push(part) });
  return { parts, assembler };
}

const registry = () =>
  createRegistry({
    targets: { get: (type, id) => ({ type, id }) },
    actions: [
      defineAction({
        name: 'weather',
        description: 'Weather for a city',
        input: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
        handler: async ({ city }) => ({ city, sky: 'clear' }),
      }),
      defineAction({
        name: 'recolor',
        scope: 'shape',
        description: 'Recolor a shape',
        input: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
        handler: ({ color }) => ({ color }),
      }),
    ],
  });

describe('createToolCallAssembler', () => {
  it('assembles parallel OpenAI chat calls whose deltas interleave', async () => {
    const { parts, assembler } = collect();
    assembler.push(chat([{ index: 0, id: 'a', function: { name: 'weather', arguments: '{"ci' } }]));
    assembler.push(chat([{ index: 1, id: 'b', function: { name: 'weather', arguments: '' } }]));
    assembler.push(
      chat([
        { index: 1, function: { arguments: '{"city":"Rome"}' } },
        { index: 0, function: { arguments: 'ty":"Oslo"' } },
      ]),
    );
    assembler.push(chat([{ index: 0, function: { arguments: '}' } }], 'tool_calls'));
    await assembler.end();
    expect(parts).toEqual([
      { type: 'tool-input-start', id: 'a', name: 'weather' },
      { type: 'tool-input-delta', id: 'a', delta: '{"ci', partial: {} },
      { type: 'tool-input-start', id: 'b', name: 'weather' },
      { type: 'tool-input-delta', id: 'b', delta: '{"city":"Rome"}', partial: { city: 'Rome' } },
      // Chat Completions has no end event: a call ends as soon as its JSON is complete.
      { type: 'tool-input-end', id: 'b' },
      { type: 'tool-call', id: 'b', name: 'weather', input: { city: 'Rome' } },
      { type: 'tool-input-delta', id: 'a', delta: 'ty":"Oslo"', partial: { city: 'Oslo' } },
      { type: 'tool-input-delta', id: 'a', delta: '}', partial: { city: 'Oslo' } },
      { type: 'tool-input-end', id: 'a' },
      { type: 'tool-call', id: 'a', name: 'weather', input: { city: 'Oslo' } },
    ]);
    expect(
      assembler.calls().map(({ id, status, inputText, startedAt, inputEndedAt }) => ({
        id,
        status,
        inputText,
        startedAt,
        inputEndedAt,
      })),
    ).toEqual([
      { id: 'a', status: 'executing', inputText: '{"city":"Oslo"}', startedAt: 1000, inputEndedAt: 1003 },
      { id: 'b', status: 'executing', inputText: '{"city":"Rome"}', startedAt: 1001, inputEndedAt: 1002 },
    ]);
  });

  it('starts a new call when a provider reuses an index with a new id', () => {
    const { assembler } = collect();
    assembler.push(chat([{ index: 0, id: 'first', function: { name: 'weather', arguments: '{"city":' } }]));
    assembler.push(
      chat([{ index: 0, id: 'second', function: { name: 'weather', arguments: '{"city":"Paris"}' } }]),
    );
    expect(assembler.calls().map(({ id, status }) => ({ id, status }))).toEqual([
      { id: 'first', status: 'failed' },
      { id: 'second', status: 'executing' },
    ]);
    expect(assembler.get('first')?.error).toMatchObject({ code: 'incomplete_input' });
  });

  it('validates finished arguments against the action schema, with the target id of scoped actions', () => {
    const { parts, assembler } = collect({ registry: registry(), format: 'ag-ui' });
    const call = (id: string, name: string, args: string) => {
      assembler.push(agui('TOOL_CALL_START', { toolCallId: id, toolCallName: name }));
      assembler.push(agui('TOOL_CALL_ARGS', { toolCallId: id, delta: args }));
      assembler.push(agui('TOOL_CALL_END', { toolCallId: id }));
    };
    call('ok', 'weather', '{"city":"Oslo"}');
    call('bad', 'weather', '{"town":"Oslo"}');
    call('nope', 'teleport', '{}');
    call('scoped', 'shape_recolor', '{"color":"red"}');
    call('scoped-ok', 'shape_recolor', '{"blockId":"s1","color":"red"}');
    const outcomes = parts.filter((part) => part.type === 'tool-call' || part.type === 'tool-error');
    expect(
      outcomes.map((part) =>
        part.type === 'tool-call' ? `${part.id}: call` : `${part.id}: ${part.error.code}`,
      ),
    ).toEqual([
      'ok: call',
      'bad: invalid_args',
      'nope: unknown_action',
      'scoped: invalid_args',
      'scoped-ok: call',
    ]);
    expect(outcomes[1]).toMatchObject({
      type: 'tool-error',
      name: 'weather',
      input: { town: 'Oslo' },
      error: { issues: expect.any(Array), hint: expect.stringContaining('weather') },
    });
    expect(outcomes[2]).toMatchObject({ error: { hint: 'registered actions: weather, shape_recolor' } });
    expect(outcomes[3]).toMatchObject({ error: { message: expect.stringContaining('blockId') } });
    expect(assembler.get('bad')?.status).toBe('failed');
  });

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

  it('fails calls cut off mid-argument when the stream ends', async () => {
    const { parts, assembler } = collect();
    assembler.push({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'tu', name: 'weather', input: {} },
    });
    assembler.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: '{"city": "Os' },
    });
    const states = await assembler.end();
    expect(parts.slice(-2)).toEqual([
      { type: 'tool-input-end', id: 'tu' },
      {
        type: 'tool-error',
        id: 'tu',
        name: 'weather',
        error: {
          code: 'incomplete_input',
          message: 'the stream ended before the arguments of this call were complete',
        },
      },
    ]);
    expect(states[0]).toMatchObject({
      status: 'failed',
      partialInput: { city: 'Os' },
      inputText: '{"city": "Os',
    });
    expect(() => assembler.push({ type: 'message_stop' })).toThrow(AffordanceError);
  });

  it('reports broken argument JSON at once, with where it broke', () => {
    const { parts, assembler } = collect({ format: 'ag-ui' });
    assembler.push(agui('TOOL_CALL_START', { toolCallId: 't', toolCallName: 'weather' }));
    assembler.push(agui('TOOL_CALL_ARGS', { toolCallId: 't', delta: '{"city" "Oslo"}' }));
    assembler.push(agui('TOOL_CALL_ARGS', { toolCallId: 't', delta: 'more' }));
    assembler.push(agui('TOOL_CALL_END', { toolCallId: 't' }));
    expect(parts.slice(1)).toEqual([
      {
        type: 'tool-error',
        id: 't',
        name: 'weather',
        error: {
          code: 'invalid_json',
          message:
            "the arguments of weather (t) are not valid JSON: unexpected '\"' after a key; expected ':' at line 1, column 9 (offset 8)",
          details: { offset: 8, line: 1, column: 9, expected: "':'" },
          hint: 'send one JSON object, e.g. {"name": "value"}',
        },
      },
    ]);
  });

  it('gives typed errors for unknown ids, duplicate starts and late arguments, and keeps going', () => {
    const { parts, assembler } = collect({ format: 'ag-ui' });
    assembler.push(agui('TOOL_CALL_ARGS', { toolCallId: 'ghost', delta: '{}' }));
    assembler.push(agui('TOOL_CALL_ARGS', { toolCallId: 'ghost', delta: '{}' }));
    assembler.push(agui('TOOL_CALL_START', { toolCallId: 't', toolCallName: 'weather' }));
    assembler.push(agui('TOOL_CALL_START', { toolCallId: 't', toolCallName: 'weather' }));
    assembler.push(agui('TOOL_CALL_ARGS', { toolCallId: 't', delta: '{}' }));
    assembler.push(agui('TOOL_CALL_END', { toolCallId: 't' }));
    assembler.push(agui('TOOL_CALL_ARGS', { toolCallId: 't', delta: '  ' }));
    assembler.push(agui('TOOL_CALL_ARGS', { toolCallId: 't', delta: 'x' }));
    assembler.push(agui('TOOL_CALL_RESULT', { toolCallId: 't', messageId: 'm', content: 'sunny' }));
    expect(
      parts.filter((part) => part.type === 'tool-error').map((part) => [part.id, part.error.code]),
    ).toEqual([
      ['ghost', 'unknown_call'],
      ['t', 'duplicate_call'],
      ['t', 'out_of_order'],
    ]);
    expect(assembler.get('t')).toMatchObject({ status: 'complete', output: 'sunny', input: {} });
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

  it('reads Gemini partial arguments at JSON paths, and rejects a path that does not fit', () => {
    const { parts, assembler } = collect();
    const part = (functionCall: object) => ({ candidates: [{ content: { parts: [{ functionCall }] } }] });
    assembler.push(part({ name: 'plan', willContinue: true }));
    assembler.push(
      part({
        partialArgs: [{ jsonPath: '$.steps[0]', stringValue: 'Pre', willContinue: true }],
        willContinue: true,
      }),
    );
    assembler.push(
      part({ partialArgs: [{ jsonPath: '$.steps[0]', stringValue: 'heat' }], willContinue: true }),
    );
    assembler.push(
      part({ partialArgs: [{ jsonPath: "$['max temp']", numberValue: 190 }], willContinue: true }),
    );
    assembler.push(part({}));
    assembler.push(part({ name: 'broken', willContinue: true }));
    assembler.push(part({ partialArgs: [{ jsonPath: '$.a', stringValue: 'x' }], willContinue: true }));
    assembler.push(part({ partialArgs: [{ jsonPath: '$.a.b', stringValue: 'y' }], willContinue: true }));
    const deltas = parts
      .filter((p) => p.type === 'tool-input-delta')
      .map((p) => (p.type === 'tool-input-delta' ? p.partial : undefined));
    expect(deltas.slice(0, 3)).toEqual([
      { steps: ['Pre'] },
      { steps: ['Preheat'] },
      { steps: ['Preheat'], 'max temp': 190 },
    ]);
    expect(parts.find((p) => p.type === 'tool-call')).toMatchObject({
      name: 'plan',
      input: { steps: ['Preheat'], 'max temp': 190 },
    });
    expect(parts.at(-1)).toMatchObject({
      type: 'tool-error',
      name: 'broken',
      error: { code: 'invalid_event' },
    });
  });

  it('closes a TOOL_CALL_CHUNK call at the next event of another kind', () => {
    const { parts, assembler } = collect();
    assembler.push(agui('TOOL_CALL_CHUNK', { toolCallId: 'c', toolCallName: 'weather', delta: '{"city":' }));
    assembler.push(agui('TOOL_CALL_CHUNK', { delta: '"Oslo"}' }));
    assembler.push(agui('RUN_FINISHED', { threadId: 't', runId: 'r' }));
    expect(parts.map((part) => part.type)).toEqual([
      'tool-input-start',
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
    ]);
    expect(parts.at(-1)).toMatchObject({ input: { city: 'Oslo' } });
  });

  it('surfaces assistant text only when asked, and ignores chunks it does not know', () => {
    const text = { choices: [{ index: 0, delta: { content: 'Hello' } }] };
    expect(createToolCallAssembler().push(text)).toEqual([]);
    expect(createToolCallAssembler({ textDeltas: true }).push(text)).toEqual([
      { type: 'text-delta', delta: 'Hello' },
    ]);
    const assembler = createToolCallAssembler();
    expect(assembler.push('[DONE]')).toEqual([]);
    expect(assembler.push({ usage: { total_tokens: 3 } })).toEqual([]);
    expect(assembler.format).toBeUndefined();
  });
});
