import { describe, expect, it } from 'vitest';
import { createWireReader } from './create-wire-reader.js';
import { detectStreamFormat } from './detect-stream-format.js';
import type { StreamFormat, WireEvent } from './wire-event.js';

function read(format: StreamFormat, chunks: readonly Record<string, unknown>[]): WireEvent[] {
  const reader = createWireReader(format);
  return chunks.flatMap((chunk) => reader.read(chunk));
}

describe('detectStreamFormat', () => {
  it('tells the formats apart by their shape', () => {
    expect(detectStreamFormat({ choices: [] })).toBe('openai-chat');
    expect(detectStreamFormat({ type: 'response.created' })).toBe('openai-responses');
    expect(detectStreamFormat({ type: 'ping' })).toBe('anthropic');
    expect(detectStreamFormat({ type: 'error', error: { type: 'overloaded_error', message: 'busy' } })).toBe(
      'anthropic',
    );
    expect(detectStreamFormat({ candidates: [] })).toBe('gemini');
    expect(detectStreamFormat({ event_type: 'step.start' })).toBe('gemini-interactions');
    expect(detectStreamFormat({ messageStop: { stopReason: 'tool_use' } })).toBe('bedrock');
    expect(detectStreamFormat({ type: 'tool-call-start' })).toBe('cohere');
    expect(detectStreamFormat({ type: 'TOOL_CALL_START' })).toBe('ag-ui');
  });

  it('leaves ambiguous and foreign chunks undecided', () => {
    expect(detectStreamFormat({ type: 'error', code: 'server_error', message: 'x' })).toBeUndefined();
    expect(detectStreamFormat({ data: 1 })).toBeUndefined();
    expect(detectStreamFormat('[DONE]')).toBeUndefined();
    expect(detectStreamFormat(null)).toBeUndefined();
  });
});

describe('wire readers', () => {
  it('Responses: a call seen only in output_item.done still starts, streams its arguments and ends', () => {
    const item = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{"a":1}' };
    expect(read('openai-responses', [{ type: 'response.output_item.done', output_index: 0, item }])).toEqual([
      { kind: 'start', key: 'fc_1', id: 'call_1', name: 'f' },
      { kind: 'delta', key: 'fc_1', text: '{"a":1}' },
      { kind: 'end', key: 'fc_1' },
    ]);
  });

  it('Responses: a failed response ends open calls with its error', () => {
    expect(
      read('openai-responses', [
        { type: 'response.failed', response: { error: { message: 'rate limited' } } },
      ]),
    ).toEqual([{ kind: 'finish', error: 'rate limited' }]);
  });

  it('Anthropic: a block without deltas takes the input it started with; an error event finishes the stream', () => {
    expect(
      read('anthropic', [
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 't', name: 'f', input: { x: 1 } },
        },
        { type: 'content_block_stop', index: 0 },
        { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      ]),
    ).toEqual([
      { kind: 'start', key: '0:0', id: 't', name: 'f' },
      { kind: 'input', key: '0:0', input: { x: 1 } },
      { kind: 'end', key: '0:0' },
      { kind: 'finish', error: 'Overloaded' },
    ]);
  });

  it('OpenAI chat: arguments on an index no call started are passed on under the index', () => {
    expect(
      read('openai-chat', [
        { choices: [{ index: 0, delta: { tool_calls: [{ index: 3, function: { arguments: '{}' } }] } }] },
      ]),
    ).toEqual([{ kind: 'delta', key: '0:3', text: '{}' }]);
  });

  it('Gemini: a malformed path is reported, not dropped', () => {
    const chunk = (functionCall: object) => ({ candidates: [{ content: { parts: [{ functionCall }] } }] });
    expect(
      read('gemini', [
        chunk({ name: 'f', willContinue: true }),
        chunk({ partialArgs: [{ jsonPath: 'a[', stringValue: 'x' }], willContinue: true }),
      ]),
    ).toEqual([
      { kind: 'start', key: 'call-0', id: undefined, name: 'f' },
      { kind: 'invalid', key: 'call-0', message: "cannot use the partial argument at 'a['" },
    ]);
  });
  it('Bedrock and Responses: an index that is not a number is never coerced (a hostile toString cannot throw)', () => {
    const hostile = { toString: [] };
    const bedrock = read('bedrock', [
      {
        contentBlockStart: {
          contentBlockIndex: hostile,
          start: { toolUse: { toolUseId: 't1', name: 'go' } },
        },
      },
      { contentBlockDelta: { contentBlockIndex: hostile, delta: { toolUse: { input: '{}' } } } },
      { contentBlockStop: { contentBlockIndex: hostile } },
    ]);
    expect(bedrock.map((event) => event.kind)).toEqual(['start', 'delta', 'end']);
    expect(() =>
      read('openai-responses', [
        { type: 'response.function_call_arguments.delta', output_index: hostile, delta: '{' },
      ]),
    ).not.toThrow();
  });
});
