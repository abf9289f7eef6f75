// Replays recorded provider responses from test/fixtures/provider-streams
// (vercel/ai @ed857f5, packages/*/src/**/__fixtures__, Apache-2.0): runAgent through the official SDKs end to end.
import { createRegistry, defineAction, runAgent } from '@affordance/core';
import { createAnthropicModel } from '@affordance/core/anthropic';
import { createOpenAIModel } from '@affordance/core/openai';
import { describe, expect, it } from 'vitest';
import { anthropicSse, openAISse, readChunks, readResponse } from '../support/replay-fixtures.js';
import { replayForTest } from '../support/replay-for-test.js';

function registryWith(name: string, reply: (args: Record<string, unknown>) => string) {
  const ran: Record<string, unknown>[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name,
        description: `The recorded ${name} tool`,
        input: {
          type: 'object',
          properties: { location: { type: 'string' } },
          additionalProperties: false,
        } as const,
        handler: (args) => {
          ran.push(args);
          return reply(args);
        },
      }),
    ],
  });
  return { registry, ran };
}

describe('runAgent through the providers', () => {
  for (const stream of [false, true]) {
    it(`Anthropic (${stream ? 'streaming' : 'not streaming'}): runs the recorded tool_use and sends its tool_result back`, async () => {
      const name = 'anthropic/anthropic-tool-no-args';
      const server = await replayForTest({
        '/v1/messages': () =>
          stream ? { sse: anthropicSse(readChunks(name)) } : { json: readResponse(name) },
      });
      const { registry, ran } = registryWith('updateIssueList', () => '3 issues refreshed');
      const model = createAnthropicModel({ model: 'claude-test', baseURL: server.url, apiKey: 'k' });
      const result = await runAgent({ model, registry, input: 'Update the issue list', maxSteps: 2, stream });
      expect(result).toMatchObject({ status: 'max_steps', protocol: 'native', steps: 2 });
      expect(ran).toEqual([{}, {}]);
      const [first, second] = server.requests.map((request) => request.body);
      expect(first.tools.map((tool: { name: string }) => tool.name)).toEqual(['updateIssueList', 'done']);
      expect(first.tools[1].input_schema).toMatchObject({
        type: 'object',
        properties: { summary: { type: 'string' } },
      });
      const toolUse = result.messages[1];
      expect(toolUse).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'updateIssueList' }] });
      const id = toolUse?.role === 'assistant' ? toolUse.toolCalls?.[0]?.id : undefined;
      expect(second.messages.at(-1)).toEqual({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: id, content: '3 issues refreshed' }],
      });
      expect(second.messages.at(-2)).toMatchObject({
        role: 'assistant',
        content: expect.arrayContaining([{ type: 'tool_use', id, name: 'updateIssueList', input: {} }]),
      });
    });

    it(`OpenAI-compatible (${stream ? 'streaming' : 'not streaming'}): runs the recorded tool call and sends its result back`, async () => {
      const name = 'alibaba/alibaba-tool-call';
      const server = await replayForTest({
        '/v1/chat/completions': () =>
          stream ? { sse: openAISse(readChunks(name)) } : { json: readResponse(name) },
      });
      const { registry, ran } = registryWith('weather', (args) => `sunny in ${String(args.location)}`);
      const model = createOpenAIModel({ model: 'qwen3-max', baseURL: `${server.url}/v1` });
      const result = await runAgent({ model, registry, input: 'Weather in SF?', maxSteps: 2, stream });
      expect(result.status).toBe('max_steps');
      expect(ran).toEqual([{ location: 'San Francisco' }, { location: 'San Francisco' }]);
      const [first, second] = server.requests.map((request) => request.body);
      expect(first.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual([
        'weather',
        'done',
      ]);
      expect(second.messages.at(-1)).toMatchObject({ role: 'tool', content: 'sunny in San Francisco' });
      expect(second.messages.at(-2)).toMatchObject({
        role: 'assistant',
        tool_calls: [
          { type: 'function', function: { name: 'weather', arguments: '{"location":"San Francisco"}' } },
        ],
      });
    });
  }
});
