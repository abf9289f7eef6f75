// runAgent with a reasoning model on the OpenAI Responses API: the reasoning item of a recorded turn goes back on the
// next turn, survives the conversation store, and is left out when the conversation goes on with another provider.
// Recordings from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0; responses-adapted/ adapted from
// them, see its SOURCE.md), served by a local replay through the official `openai` and Anthropic clients.
import { runAgent } from '@affordance/core';
import type { AgentMessage } from '@affordance/core/agent';
import { createConversationRecorder } from '@affordance/core/agent';
import { createAnthropicModel } from '@affordance/core/anthropic';
import { createOpenAIModel, createOpenAIResponsesModel } from '@affordance/core/openai';
import { type ChatMessage, createMemoryConversationStore } from '@affordance/core/ports';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedJson, readChunks, readResponse, responsesSse } from '../support/replay-fixtures.js';
import { type ReplayServer, startReplayServer } from '../support/replay-server.js';
import { weatherRegistry } from '../support/weather-registry.js';
import { closeResponses, collect, replayResponses } from './openai-responses-setup.js';

const REASONING = 'responses-adapted/reasoning-then-call';
const TEXT = 'openai/responses/programmatic-tool-calling.3';

let other: ReplayServer | undefined;
afterEach(async () => {
  await closeResponses();
  await other?.close();
  other = undefined;
});

const reasoningItem = () =>
  readChunks(REASONING).find(
    (event: RecordedJson) => event.type === 'response.output_item.done' && event.item.type === 'reasoning',
  ).item;

/** A reasoning model (`store: false`) over a replay answering each request with the next recording. */
async function reasoningModel(model = 'gpt-test') {
  const answers = [responsesSse(readChunks(REASONING)), responsesSse(readChunks(TEXT))];
  let next = 0;
  const server = await replayResponses(() => ({ sse: answers[next++ % answers.length]! }));
  const created = createOpenAIResponsesModel({
    model,
    baseURL: `${server.url}/v1`,
    apiKey: 'sk-test',
    store: false,
    reasoning: { effort: 'medium' },
  });
  return { server, model: created };
}

/** Stored messages as the next run's input, provider data included. */
function agentMessagesOf(stored: readonly ChatMessage[]): AgentMessage[] {
  return stored.map((message): AgentMessage => {
    switch (message.role) {
      case 'assistant':
        return {
          role: 'assistant',
          content: message.content,
          ...(message.toolCalls ? { toolCalls: message.toolCalls } : {}),
          ...(message.providerData ? { providerData: message.providerData } : {}),
        };
      case 'tool':
        return { role: 'tool', content: message.content, toolResults: message.toolResults ?? [] };
      default:
        return { role: message.role, content: message.content };
    }
  });
}

describe('runAgent with reasoning items of the Responses API', () => {
  it('the reasoning item goes back before its call on the next turn, and is stored with the assistant message', async () => {
    const { server, model } = await reasoningModel();
    const { registry, ran } = weatherRegistry();
    const store = createMemoryConversationStore();
    const result = await runAgent({
      model,
      registry,
      input: 'Weather in SF?',
      maxSteps: 4,
      stream: true,
      sessionId: 'ses-reasoning',
      recorder: createConversationRecorder({ store }),
    });
    expect(result).toMatchObject({ status: 'done', steps: 2 });
    expect(ran).toEqual([{ location: 'San Francisco' }]);
    const item = reasoningItem();
    const [first, second] = server.requests.map((request) => request.body as RecordedJson);
    for (const body of [first, second]) {
      expect(body).toMatchObject({
        store: false,
        include: ['reasoning.encrypted_content'],
        reasoning: { effort: 'medium' },
      });
    }
    const callIndex = second.input.findIndex((entry: RecordedJson) => entry.type === 'function_call');
    expect(second.input[callIndex - 1]).toEqual({
      type: 'reasoning',
      id: item.id,
      encrypted_content: item.encrypted_content,
      summary: [],
    });
    expect(first.input.some((entry: RecordedJson) => entry.type === 'reasoning')).toBe(false);
    const stored = await store.listMessages('ses-reasoning');
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(stored[1]!.providerData).toEqual({
      'openai-responses': {
        model: 'gpt-test',
        reasoning: [
          {
            id: item.id,
            encryptedContent: item.encrypted_content,
            summary: [],
            beforeCall: stored[1]!.toolCalls![0]!.id,
          },
        ],
      },
    });
    expect(result.messages[1]).toMatchObject({ role: 'assistant', providerData: stored[1]!.providerData });
    // The text answer had no reasoning item: its message carries no provider data.
    expect(stored[3]!.providerData).toBeUndefined();
  });

  it('a conversation reloaded from the store sends its reasoning again to the same model, not to another', async () => {
    const store = createMemoryConversationStore();
    const { model } = await reasoningModel();
    const { registry } = weatherRegistry();
    const recorder = createConversationRecorder({ store });
    await runAgent({
      model,
      registry,
      input: 'Weather in SF?',
      sessionId: 'ses-reload',
      recorder,
      stream: true,
    });
    const history = agentMessagesOf(await store.listMessages('ses-reload'));
    const followUp: AgentMessage[] = [...history, { role: 'user', content: 'And tomorrow?' }];
    const item = reasoningItem();
    await closeResponses();

    const same = await reasoningModel();
    await collect(same.model.stream({ messages: followUp }));
    expect(JSON.stringify(same.server.requests[0]!.body)).toContain(item.encrypted_content);
    await closeResponses();

    const renamed = await reasoningModel('gpt-other');
    await collect(renamed.model.stream({ messages: followUp }));
    const renamedBody = renamed.server.requests[0]!.body as RecordedJson;
    expect(renamedBody.input.filter((entry: RecordedJson) => entry.type === 'reasoning')).toEqual([]);
    expect(renamedBody.input.filter((entry: RecordedJson) => entry.type === 'function_call')).toHaveLength(1);

    other = await startReplayServer({
      '/v1/chat/completions': () => ({ json: readResponse('groq/groq-tool-call') }),
    });
    const chat = createOpenAIModel({ model: 'chat-test', baseURL: `${other.url}/v1`, apiKey: 'sk-test' });
    await chat.generate({ messages: followUp });
    const chatBody = JSON.stringify(other.requests[0]!.body);
    expect(chatBody).toContain('tool_calls');
    expect(chatBody).not.toContain(item.id);
    expect(chatBody).not.toContain('encrypted');
    await other.close();

    other = await startReplayServer({
      '/v1/messages': () => ({ json: readResponse('anthropic/anthropic-tool-no-args') }),
    });
    const claude = createAnthropicModel({
      model: 'claude-test',
      baseURL: other.url,
      apiKey: 'sk-ant-test',
      maxTokens: 64,
    });
    await claude.generate({ messages: followUp });
    const claudeBody = JSON.stringify(other.requests[0]!.body);
    expect(claudeBody).toContain('tool_use');
    expect(claudeBody).not.toContain(item.id);
    expect(claudeBody).not.toContain('encrypted');
  });
});
