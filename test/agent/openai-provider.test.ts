// Replays recorded Chat Completions responses from test/fixtures/provider-streams
// (vercel/ai @ed857f5, packages/*/src/**/__fixtures__, Apache-2.0) through the official `openai` client.

import { createOpenAIModel } from '@affordance/core/openai';
import { describe, expect, it } from 'vitest';
import { collect } from '../support/model-parts.js';
import { openAISse, type RecordedJson, readChunks, readResponse } from '../support/replay-fixtures.js';
import { replayForTest } from '../support/replay-for-test.js';
import type { ReplayAnswer, ReplayServer } from '../support/replay-server.js';

/** The replay server of the running test (`modelFor` starts it; it closes when the test finishes). */
let server: ReplayServer | undefined;

async function modelFor(answer: (body: unknown) => ReplayAnswer, maxRetries?: number) {
  server = await replayForTest({ '/v1/chat/completions': answer });
  return createOpenAIModel({
    model: 'test-model',
    baseURL: `${server.url}/v1`,
    apiKey: 'sk-test',
    ...(maxRetries !== undefined ? { maxRetries } : {}),
  });
}

/** What the recorded stream's argument deltas add up to, per tool call index. */
function streamedArguments(
  chunks: readonly RecordedJson[],
): Map<number, { id?: string; name?: string; text: string }> {
  const calls = new Map<number, { id?: string; name?: string; text: string }>();
  for (const chunk of chunks) {
    for (const call of chunk.choices?.[0]?.delta?.tool_calls ?? []) {
      const entry = calls.get(call.index) ?? { text: '' };
      if (call.id) entry.id ??= call.id;
      if (call.function?.name) entry.name ??= call.function.name;
      entry.text += call.function?.arguments ?? '';
      calls.set(call.index, entry);
    }
  }
  return calls;
}

const messages = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'What is the weather in San Francisco?' },
];
const tools = [
  {
    type: 'function',
    function: {
      name: 'weather',
      description: 'Weather at a place',
      parameters: { type: 'object', properties: { location: { type: 'string' } } },
    },
  },
];

describe('createOpenAIModel against recorded Chat Completions responses', () => {
  for (const name of [
    'groq/groq-tool-call',
    'deepseek/chat/deepseek-tool-call',
    'alibaba/alibaba-tool-call',
  ]) {
    it(`generate reads the tool call of ${name}.json`, async () => {
      const recorded = readResponse(name) as RecordedJson;
      const model = await modelFor(() => ({ json: recorded }));
      const response = await model.generate({ messages, tools, toolChoice: 'auto' });
      const call = recorded.choices[0].message.tool_calls[0];
      expect(response.toolCalls).toEqual([
        { id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) },
      ]);
      expect(response.finishReason).toBe('tool-calls');
      expect(response.usage).toEqual({
        inputTokens: recorded.usage.prompt_tokens,
        outputTokens: recorded.usage.completion_tokens,
      });
      const sent = server!.requests[0]!.body as RecordedJson;
      expect(sent).toMatchObject({ model: 'test-model', tools, tool_choice: 'auto', stream: false });
      expect(sent.messages).toEqual(messages);
    });
  }

  for (const name of [
    'deepseek/chat/deepseek-tool-call',
    'alibaba/alibaba-tool-call',
    'openai-compatible/chat/xai-tool-call',
  ]) {
    it(`stream assembles the tool call of ${name}.chunks.txt`, async () => {
      const chunks = readChunks(name);
      const model = await modelFor(() => ({ sse: openAISse(chunks) }));
      const parts = await collect(model.stream({ messages, tools }));
      const expected = [...streamedArguments(chunks).values()].map((call) => ({
        id: call.id,
        name: call.name,
        args: JSON.parse(call.text),
      }));
      expect(expected.length).toBeGreaterThan(0);
      const finish = parts.at(-1);
      expect(finish?.type).toBe('response-finish');
      if (finish?.type !== 'response-finish') return;
      expect(finish.response.toolCalls).toEqual(expected);
      expect(finish.response.finishReason).toBe('tool-calls');
      expect(
        parts
          .filter((part) => part.type === 'tool-call')
          .map((part) => part.type === 'tool-call' && part.call),
      ).toEqual(expected);
      expect(parts.filter((part) => part.type === 'tool-input-start')).toEqual(
        expected.map((call) => ({ type: 'tool-input-start', id: call.id, name: call.name })),
      );
      const deltas = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : [])).join('');
      expect(deltas).toBe([...streamedArguments(chunks).values()].map((call) => call.text).join(''));
      const usage = [...chunks].reverse().find((chunk: RecordedJson) => chunk.usage)?.usage as RecordedJson;
      expect(finish.response.usage).toEqual({
        inputTokens: usage.prompt_tokens,
        outputTokens: usage.completion_tokens,
      });
      expect((server!.requests[0]!.body as RecordedJson).stream).toBe(true);
    });
  }

  it('sends tool calls and tool results back in the Chat Completions shape', async () => {
    const recorded = readResponse('groq/groq-tool-call');
    const model = await modelFor(() => ({ json: recorded }));
    await model.generate({
      messages: [
        ...messages,
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', name: 'weather', args: { location: 'SF' } }],
        },
        {
          role: 'tool',
          content: '',
          toolResults: [{ toolCallId: 'c1', name: 'weather', ok: true, output: 'sunny' }],
        },
      ],
    });
    const sent = server!.requests[0]!.body as RecordedJson;
    expect(sent.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"location":"SF"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
    ]);
    expect(sent.tools).toBeUndefined();
  });

  it('passes the abort signal to the client', async () => {
    const model = await modelFor(() => ({ json: readResponse('groq/groq-tool-call') }));
    const controller = new AbortController();
    controller.abort();
    await expect(model.generate({ messages, signal: controller.signal })).rejects.toThrow(/abort/i);
  });

  it.each([0, 1])('retries a 500 answer as often as maxRetries says (%i)', async (maxRetries) => {
    const overloaded = {
      message: 'The server had an error while processing your request.',
      type: 'server_error',
    };
    const model = await modelFor(() => ({ status: 500, json: { error: overloaded } }), maxRetries);
    await expect(model.generate({ messages })).rejects.toThrow(/server had an error/);
    expect(server!.requests).toHaveLength(maxRetries + 1);
  });
});
