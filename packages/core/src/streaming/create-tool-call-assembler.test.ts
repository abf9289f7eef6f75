import { describe, expect, it } from 'vitest';
import { AffordanceError } from '../errors/action-error.js';
import { agui, chat, collect, registry } from './create-tool-call-assembler.fixture.js';
import { createToolCallAssembler } from './create-tool-call-assembler.js';

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
