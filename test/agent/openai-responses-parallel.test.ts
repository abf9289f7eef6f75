// The `multi_tool_use.parallel` wrapper call some OpenAI models emit, unwrapped by the Responses model: the recorded
// response openai/responses/parallel-tool-call-wrapper.1 and its stream (mended in responses-adapted/; vercel/ai
// @ed857f5, Apache-2.0) replayed through the official `openai` client, and broken wrappers made from it in the test.
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedJson, readChunks, readResponse, responsesSse } from '../support/replay-fixtures.js';
import {
  closeResponses,
  collect,
  finishOf,
  messages,
  modelFor,
  server,
  tools,
} from './openai-responses-setup.js';

afterEach(closeResponses);

/** The recorded wrapper: the stream as mended in responses-adapted/ (two lines were not JSON), the whole response. */
const WRAPPER = 'openai/responses/parallel-tool-call-wrapper.1';
const WRAPPER_STREAM = 'responses-adapted/parallel-tool-call-wrapper';

const attractions = {
  type: 'function',
  name: 'cityAttractions',
  description: 'Sights of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};
const both = [...tools, attractions];

const unwrapped = [
  { id: 'call_parallel_0', name: 'weather', args: { location: 'San Francisco' } },
  { id: 'call_parallel_1', name: 'cityAttractions', args: { city: 'Rome' } },
];

/** The wrapper recording with its call's arguments (every event that carries them) replaced by `text`. */
function wrapperWith(text: string): RecordedJson[] {
  return readChunks(WRAPPER_STREAM).map((event: RecordedJson) => {
    if (event.type === 'response.function_call_arguments.delta') return { ...event, delta: text };
    if (event.type === 'response.function_call_arguments.done') return { ...event, arguments: text };
    if (event.type === 'response.output_item.done')
      return { ...event, item: { ...event.item, arguments: text } };
    return event;
  });
}

describe('createOpenAIResponsesModel: the parallel wrapper call', () => {
  it('streamed: one call per tool use, each announced whole; none of the wrapper is seen', async () => {
    const model = await modelFor(() => ({ sse: responsesSse(readChunks(WRAPPER_STREAM)) }));
    const parts = await collect(model.stream({ messages, tools: both }));
    expect(parts).toEqual([
      { type: 'tool-input-start', id: 'call_parallel_0', name: 'weather' },
      { type: 'tool-input-delta', id: 'call_parallel_0', delta: '{"location":"San Francisco"}' },
      { type: 'tool-call', call: unwrapped[0] },
      { type: 'tool-input-start', id: 'call_parallel_1', name: 'cityAttractions' },
      { type: 'tool-input-delta', id: 'call_parallel_1', delta: '{"city":"Rome"}' },
      { type: 'tool-call', call: unwrapped[1] },
      {
        type: 'response-finish',
        response: {
          text: '',
          toolCalls: unwrapped,
          finishReason: 'tool-calls',
          usage: { inputTokens: 34, outputTokens: 28 },
        },
      },
    ]);
  });

  it('not streamed: the same calls from the recorded whole response', async () => {
    const model = await modelFor(() => ({ json: readResponse(WRAPPER) }));
    const response = await model.generate({ messages, tools: both });
    expect(response).toMatchObject({ toolCalls: unwrapped, finishReason: 'tool-calls' });
  });

  it('sent back as the separate calls it became', async () => {
    const model = await modelFor(() => ({ json: readResponse(WRAPPER) }));
    const first = await model.generate({ messages, tools: both });
    await model.generate({
      messages: [
        ...messages,
        {
          role: 'assistant',
          content: '',
          toolCalls: first.toolCalls.map((call) => ({ ...call, args: 'args' in call ? call.args : {} })),
        },
        {
          role: 'tool',
          content: '',
          toolResults: unwrapped.map((call) => ({
            toolCallId: call.id,
            name: call.name,
            ok: true,
            output: 'ok',
          })),
        },
      ],
      tools: both,
    });
    const input = server!.requests[1]!.body as RecordedJson;
    expect(input.input.slice(2).map((item: RecordedJson) => [item.type, item.call_id])).toEqual([
      ['function_call', 'call_parallel_0'],
      ['function_call', 'call_parallel_1'],
      ['function_call_output', 'call_parallel_0'],
      ['function_call_output', 'call_parallel_1'],
    ]);
  });

  it('a tool the caller named `parallel` is its own call, not a wrapper', async () => {
    const parallel = { ...attractions, name: 'parallel' };
    const model = await modelFor(() => ({ json: readResponse(WRAPPER) }));
    const response = await model.generate({ messages, tools: [...both, parallel] });
    expect(response.toolCalls).toEqual([
      { id: 'call_parallel', name: 'parallel', args: { tool_uses: expect.any(Array) } },
    ]);
  });

  it.each([
    ['arguments that are not JSON', '{"tool_uses":[{"recipient_name":"functions.weather"'],
    [
      'tool_uses that is not an array',
      '{"tool_uses":{"recipient_name":"functions.weather","parameters":{}}}',
    ],
    ['tool_uses that is a string', '{"tool_uses":"functions.weather"}'],
    ['an empty tool_uses', '{"tool_uses":[]}'],
    [
      'a tool that was not offered',
      '{"tool_uses":[{"recipient_name":"functions.weather","parameters":{"location":"SF"}},{"recipient_name":"functions.deleteEverything","parameters":{}}]}',
    ],
    [
      'a recipient without the functions. prefix',
      '{"tool_uses":[{"recipient_name":"weather","parameters":{"location":"SF"}}]}',
    ],
    [
      'parameters that are not an object',
      '{"tool_uses":[{"recipient_name":"functions.weather","parameters":"SF"}]}',
    ],
    ['a tool use that is not an object', '{"tool_uses":[null]}'],
    [
      'a nested wrapper',
      '{"tool_uses":[{"recipient_name":"functions.parallel","parameters":{"tool_uses":[]}}]}',
    ],
    [
      'more than 128 tool uses',
      JSON.stringify({
        tool_uses: Array.from({ length: 129 }, () => ({
          recipient_name: 'functions.weather',
          parameters: { location: 'SF' },
        })),
      }),
    ],
  ])('a wrapper with %s stays the one unknown call, announced whole', async (_name, text) => {
    const model = await modelFor(() => ({ sse: responsesSse(wrapperWith(text)) }));
    const parts = await collect(model.stream({ messages, tools: both }));
    const [call] = finishOf(parts).toolCalls;
    expect(finishOf(parts).toolCalls).toHaveLength(1);
    expect(call).toMatchObject({ id: 'call_parallel', name: 'parallel' });
    expect(parts.slice(0, 2)).toEqual([
      { type: 'tool-input-start', id: 'call_parallel', name: 'parallel' },
      { type: 'tool-input-delta', id: 'call_parallel', delta: expect.any(String) },
    ]);
    expect(parts.filter((part) => part.type === 'tool-input-start')).toHaveLength(1);
  });
});
