// Replays recorded Anthropic Messages responses from test/fixtures/provider-streams
// (vercel/ai @ed857f5, packages/*/src/**/__fixtures__, Apache-2.0) through the official `@anthropic-ai/sdk` client.

import { createAnthropicModel } from '@affordance/core/anthropic';
import { describe, expect, it } from 'vitest';
import { collect } from '../support/model-parts.js';
import { anthropicSse, type RecordedJson, readChunks, readResponse } from '../support/replay-fixtures.js';
import { replayForTest } from '../support/replay-for-test.js';
import type { ReplayAnswer, ReplayServer } from '../support/replay-server.js';

/** The replay server of the running test (`modelFor` starts it; it closes when the test finishes). */
let server: ReplayServer | undefined;

async function modelFor(answer: (body: unknown) => ReplayAnswer) {
  server = await replayForTest({ '/v1/messages': answer });
  return createAnthropicModel({
    model: 'claude-test',
    baseURL: server.url,
    apiKey: 'sk-ant-test',
    maxTokens: 512,
  });
}

/** The text and tool calls a recorded stream adds up to, read straight from its events. */
function streamed(chunks: readonly RecordedJson[]) {
  let text = '';
  const calls = new Map<number, { id: string; name: string; json: string }>();
  for (const chunk of chunks) {
    if (chunk.type === 'content_block_start' && chunk.content_block.type === 'tool_use') {
      calls.set(chunk.index, { id: chunk.content_block.id, name: chunk.content_block.name, json: '' });
    }
    if (chunk.type === 'content_block_delta' && chunk.delta.type === 'text_delta') text += chunk.delta.text;
    if (chunk.type === 'content_block_delta' && chunk.delta.type === 'input_json_delta') {
      calls.get(chunk.index)!.json += chunk.delta.partial_json;
    }
  }
  const toolCalls = [...calls.values()].map((call) => ({
    id: call.id,
    name: call.name,
    args: call.json === '' ? {} : JSON.parse(call.json),
  }));
  return { text, toolCalls };
}

const messages = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'Update the issue list.' },
];
const tools = [
  {
    name: 'updateIssueList',
    description: 'Refresh the issues',
    input_schema: { type: 'object', properties: {} },
  },
];

describe('createAnthropicModel against recorded Messages responses', () => {
  for (const name of ['anthropic/anthropic-json-tool.1', 'anthropic/anthropic-tool-no-args']) {
    it(`generate reads ${name}.json`, async () => {
      const recorded = readResponse(name) as RecordedJson;
      const model = await modelFor(() => ({ json: recorded }));
      const response = await model.generate({ messages, tools, toolChoice: 'required' });
      const text = recorded.content
        .filter((block: RecordedJson) => block.type === 'text')
        .map((block: RecordedJson) => block.text)
        .join('');
      const toolCalls = recorded.content
        .filter((block: RecordedJson) => block.type === 'tool_use')
        .map((block: RecordedJson) => ({ id: block.id, name: block.name, args: block.input }));
      expect(response).toEqual({
        text,
        toolCalls,
        finishReason: 'tool-calls',
        usage: { inputTokens: recorded.usage.input_tokens, outputTokens: recorded.usage.output_tokens },
      });
      const sent = server!.requests[0]!.body as RecordedJson;
      expect(sent).toEqual({
        model: 'claude-test',
        max_tokens: 512,
        system: 'You are terse.',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Update the issue list.' }] }],
        tools,
        tool_choice: { type: 'any' },
        stream: false,
      });
    });

    it(`stream assembles ${name}.chunks.txt`, async () => {
      const chunks = readChunks(name);
      const model = await modelFor(() => ({ sse: anthropicSse(chunks) }));
      const parts = await collect(model.stream({ messages, tools }));
      const expected = streamed(chunks);
      expect(expected.toolCalls.length).toBeGreaterThan(0);
      const finish = parts.at(-1);
      if (finish?.type !== 'response-finish') throw new Error(`last part is ${finish?.type}`);
      expect(finish.response.text).toBe(expected.text);
      expect(finish.response.toolCalls).toEqual(expected.toolCalls);
      expect(finish.response.finishReason).toBe('tool-calls');
      const end = chunks.find((chunk: RecordedJson) => chunk.type === 'message_delta') as RecordedJson;
      expect(finish.response.usage?.outputTokens).toBe(end.usage.output_tokens);
      expect(parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('')).toBe(
        expected.text,
      );
      expect(parts.filter((part) => part.type === 'tool-call')).toEqual(
        expected.toolCalls.map((call) => ({ type: 'tool-call', call })),
      );
      expect((server!.requests[0]!.body as RecordedJson).stream).toBe(true);
    });
  }

  it('sends tool calls and results as tool_use and tool_result blocks, merging adjacent user turns', async () => {
    const model = await modelFor(() => ({ json: readResponse('anthropic/anthropic-tool-no-args') }));
    await model.generate({
      messages: [
        ...messages,
        {
          role: 'assistant',
          content: 'Refreshing.',
          toolCalls: [{ id: 't1', name: 'updateIssueList', args: {} }],
        },
        {
          role: 'tool',
          content: '',
          toolResults: [{ toolCallId: 't1', name: 'updateIssueList', ok: false, output: 'denied' }],
        },
        { role: 'user', content: 'Try again.' },
      ],
    });
    const sent = server!.requests[0]!.body as RecordedJson;
    expect(sent.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Refreshing.' },
          { type: 'tool_use', id: 't1', name: 'updateIssueList', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'denied', is_error: true },
          { type: 'text', text: 'Try again.' },
        ],
      },
    ]);
  });
});
