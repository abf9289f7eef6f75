// Replays recorded OpenAI Responses API streams and responses from test/fixtures/provider-streams (vercel/ai
// @ed857f5, Apache-2.0; responses-adapted/ adapted from them, see its SOURCE.md) through the official `openai` client.

import { createOpenAIResponsesModel } from '@affordance/core/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedJson, readChunks, readResponse, responsesSse } from '../support/replay-fixtures.js';
import {
  closeResponses,
  collect,
  finishOf,
  messages,
  modelFor,
  RECORDED,
  recordedCalls,
  recordedText,
  recordedUsage,
  server,
  tools,
} from './openai-responses-setup.js';

afterEach(closeResponses);

const sent = (index = 0) => server!.requests[index]!.body as RecordedJson;

describe('createOpenAIResponsesModel: streamed answers', () => {
  it('a text answer: its deltas, whole, with usage; other output items are not calls', async () => {
    const model = await modelFor(() => ({ sse: responsesSse(readChunks(RECORDED.text)) }));
    const parts = await collect(model.stream({ messages }));
    const text = recordedText(RECORDED.text);
    expect(text.length).toBeGreaterThan(20);
    const deltas = parts.filter((part) => part.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.map((part) => (part.type === 'text-delta' ? part.delta : '')).join('')).toBe(text);
    expect(finishOf(parts)).toEqual({
      text,
      toolCalls: [],
      finishReason: 'stop',
      usage: recordedUsage(RECORDED.text),
    });
    expect(server!.requests[0]).toMatchObject({ method: 'POST', path: '/v1/responses' });
    expect(sent()).toMatchObject({ model: 'gpt-test', stream: true });
    expect(sent().tools).toBeUndefined();
  });

  it('one tool call: its start, its argument deltas, the call and a tool-calls finish', async () => {
    const model = await modelFor(() => ({ sse: responsesSse(readChunks(RECORDED.toolCall)) }));
    const parts = await collect(model.stream({ messages, tools, toolChoice: 'required' }));
    const [call] = recordedCalls(RECORDED.toolCall);
    expect(call).toEqual({
      id: expect.stringMatching(/^call_/),
      name: 'weather',
      args: { location: 'San Francisco' },
    });
    expect(parts[0]).toEqual({ type: 'tool-input-start', id: call!.id, name: 'weather' });
    const deltas = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []));
    expect(deltas).toHaveLength(6);
    expect(deltas.join('')).toBe('{"location":"San Francisco"}');
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([{ type: 'tool-call', call }]);
    expect(finishOf(parts)).toEqual({
      text: '',
      toolCalls: [call],
      finishReason: 'tool-calls',
      usage: recordedUsage(RECORDED.toolCall),
    });
    expect(sent()).toMatchObject({ tools, tool_choice: 'required', stream: true });
  });

  it('reasoning, text and a call whose arguments come whole (LM Studio): the text, not the reasoning', async () => {
    const model = await modelFor(() => ({ sse: responsesSse(readChunks(RECORDED.textThenCall)) }));
    const response = finishOf(await collect(model.stream({ messages, tools })));
    expect(response.text).toBe(recordedText(RECORDED.textThenCall));
    expect(response.text).toBe("I'll get the current weather information for San Francisco for you.");
    expect(response.toolCalls).toEqual(recordedCalls(RECORDED.textThenCall));
    expect(response.finishReason).toBe('tool-calls');
  });

  it('parallel tool calls: both, in their order, each with its own deltas', async () => {
    const model = await modelFor(() => ({ sse: responsesSse(readChunks(RECORDED.parallel)) }));
    const parts = await collect(model.stream({ messages, tools }));
    const calls = recordedCalls(RECORDED.parallel);
    expect(calls.map((call) => call.args)).toEqual([{ location: 'San Francisco' }, { location: 'Rome' }]);
    expect(finishOf(parts).toolCalls).toEqual(calls);
    expect(
      parts.filter((part) => part.type === 'tool-input-start').map((part) => 'id' in part && part.id),
    ).toEqual(calls.map((call) => call.id));
    for (const call of calls) {
      const own = parts.flatMap((part) =>
        part.type === 'tool-input-delta' && part.id === call.id ? [part.delta] : [],
      );
      expect(JSON.parse(own.join(''))).toEqual(call.args);
    }
  });

  it('an incomplete response (max_output_tokens) finishes with length, not an error', async () => {
    const events = readChunks(RECORDED.text).map((event: RecordedJson) =>
      event.type === 'response.completed'
        ? {
            ...event,
            type: 'response.incomplete',
            response: {
              ...event.response,
              status: 'incomplete',
              incomplete_details: { reason: 'max_output_tokens' },
            },
          }
        : event,
    );
    const model = await modelFor(() => ({ sse: responsesSse(events) }));
    expect(finishOf(await collect(model.stream({ messages }))).finishReason).toBe('length');
  });
});

describe('createOpenAIResponsesModel: whole answers and requests', () => {
  it('generate reads function_call items, text and usage of a recorded response', async () => {
    const recorded = readResponse(RECORDED.toolCall);
    const model = await modelFor(() => ({ json: recorded }));
    const response = await model.generate({ messages, tools });
    const item = recorded.output[0];
    expect(response).toEqual({
      text: '',
      toolCalls: [{ id: item.call_id, name: 'weather', args: { location: 'San Francisco' } }],
      finishReason: 'tool-calls',
      usage: { inputTokens: recorded.usage.input_tokens, outputTokens: recorded.usage.output_tokens },
    });
    expect(sent()).toMatchObject({ model: 'gpt-test', tools, tool_choice: 'auto', stream: false });
    await closeResponses();
    // A `.json` is its own call, not the `.chunks.txt` of the same name: its text is read from its message item.
    const answer = readResponse(RECORDED.text);
    const text = await (await modelFor(() => ({ json: answer }))).generate({ messages });
    const message = answer.output.find((item: RecordedJson) => item.type === 'message');
    expect(text.text).toBe(message.content[0].text);
    expect(text.text).toContain('42 units available');
    expect(text.finishReason).toBe('stop');
  });

  it('sends the conversation as input items: messages, function_call and function_call_output', async () => {
    const model = await modelFor(() => ({ json: readResponse(RECORDED.textThenCall) }));
    await model.generate({
      messages: [
        ...messages,
        {
          role: 'assistant',
          content: 'Looking.',
          toolCalls: [
            { id: 'c1', name: 'weather', args: { location: 'SF' } },
            { id: 'c2', name: 'weather', args: '{"location":' },
          ],
        },
        {
          role: 'tool',
          content: '',
          toolResults: [
            { toolCallId: 'c1', name: 'weather', ok: true, output: 'sunny' },
            { toolCallId: 'c2', name: 'weather', ok: false, output: 'arguments are not JSON' },
          ],
        },
      ],
    });
    expect(sent().input).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'What is the weather in San Francisco?' },
      { role: 'assistant', content: 'Looking.' },
      { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"location":"SF"}' },
      { type: 'function_call', call_id: 'c2', name: 'weather', arguments: '{"location":' },
      { type: 'function_call_output', call_id: 'c1', output: 'sunny' },
      { type: 'function_call_output', call_id: 'c2', output: 'arguments are not JSON' },
    ]);
    expect(sent().tools).toBeUndefined();
  });

  it('a response format becomes text.format json_schema, strict when the schema allows it', async () => {
    const model = await modelFor(() => ({ json: readResponse(RECORDED.text) }));
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, celsius: { type: 'number' } },
      required: ['city'],
    } as const;
    await model.generate({
      messages,
      responseFormat: { type: 'json', name: 'final_answer', description: 'The answer.', schema },
    });
    expect(sent().text).toEqual({
      format: {
        type: 'json_schema',
        name: 'final_answer',
        description: 'The answer.',
        schema: {
          type: 'object',
          properties: { city: { type: 'string' }, celsius: { type: ['number', 'null'] } },
          required: ['city', 'celsius'],
          additionalProperties: false,
        },
        strict: true,
      },
    });
  });

  it('model options reach the request; the model says what it is', async () => {
    const replay = await modelFor(() => ({ json: readResponse(RECORDED.text) }));
    expect(replay).toMatchObject({
      id: 'openai-responses:gpt-test',
      toolFormat: 'openai-responses',
      supportsTools: true,
      structuredOutput: 'with-tools',
    });
    const model = createOpenAIResponsesModel({
      model: 'gpt-test',
      baseURL: `${server!.url}/v1`,
      apiKey: 'sk-test',
      maxTokens: 64,
      temperature: 0.2,
      store: false,
      structuredOutput: false,
    });
    expect(model.structuredOutput).toBeUndefined();
    await model.generate({ messages });
    expect(sent()).toMatchObject({ max_output_tokens: 64, temperature: 0.2, store: false });
    expect(server!.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(() => createOpenAIResponsesModel({ model: '' })).toThrow(/model must be a non-empty string/);
  });
});
