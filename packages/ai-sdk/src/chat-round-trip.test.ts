// The useChat round trip without React: the AI SDK's framework-free `AbstractChat` (what useChat wraps) talks over
// HTTP to a real chat route on 127.0.0.1 that answers with streamText over affordanceTools.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry, User } from '@affordance/core';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import {
  AbstractChat,
  type ChatInit,
  type ChatState,
  convertToModelMessages,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  simulateReadableStream,
  stepCountIs,
  streamText,
  type UIMessage,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { affordanceTools } from './affordance-tools.js';
import { recordDeniedApprovals } from './record-denied-approvals.js';
import { testRegistry } from './test-actions.fixture.js';

const USERS: Record<string, User> = { 'alice-token': { id: 'alice', roles: ['editor'] } };
const SECRET = 'approval-signing-secret';
const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

/** A model that asks for a transfer of 500, and says what happened once the conversation ends in a tool result. */
function transferModel() {
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      const answered = prompt.at(-1)?.role === 'tool';
      const chunks: LanguageModelV3StreamPart[] = answered
        ? [
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Handled.' },
            { type: 'text-end', id: 't' },
            { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
          ]
        : [
            { type: 'tool-call', toolCallId: 'call-1', toolName: 'transfer', input: '{"amount":500}' },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
          ];
      return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
    },
  });
}

/** The chat route a user writes: who calls from the bearer token, the tools for them, the model's stream back. */
function chatServer(registry: Registry, errors: unknown[]): Server {
  const model = transferModel();
  return createServer(async (request, response) => {
    const user = USERS[(request.headers.authorization ?? '').replace(/^Bearer /, '')];
    if (!user) {
      response.writeHead(401).end('unknown token');
      return;
    }
    const { messages } = JSON.parse(await bodyOf(request)) as { messages: UIMessage[] };
    const tools = affordanceTools(registry, { user, sessionId: 'chat-1' });
    const modelMessages = await convertToModelMessages(messages);
    await recordDeniedApprovals(tools, modelMessages);
    const result = streamText({
      model,
      tools,
      messages: modelMessages,
      stopWhen: stepCountIs(3),
      experimental_toolApprovalSecret: SECRET,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    const answer = result.toUIMessageStreamResponse();
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    const reader = answer.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) response.write(read.value);
    response.end();
  });
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

/** useChat's state kept in plain variables. */
class TestChat extends AbstractChat<UIMessage> {
  constructor(init: Omit<ChatInit<UIMessage>, 'messages'>) {
    let messages: UIMessage[] = [];
    const state: ChatState<UIMessage> = {
      status: 'ready',
      error: undefined,
      get messages() {
        return messages;
      },
      set messages(next) {
        messages = next;
      },
      pushMessage: (message) => {
        messages = [...messages, message];
      },
      popMessage: () => {
        messages = messages.slice(0, -1);
      },
      replaceMessage: (index, message) => {
        messages = messages.map((old, at) => (at === index ? message : old));
      },
      snapshot: (thing) => structuredClone(thing),
    };
    super({ ...init, state });
  }
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(token: string) {
  const { registry, runs } = testRegistry();
  const errors: unknown[] = [];
  server = chatServer(registry, errors);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`;
  const chat = new TestChat({
    transport: new DefaultChatTransport({ api, headers: { authorization: `Bearer ${token}` } }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  return { registry, runs, chat, errors };
}

/** The tool part of the chat's last message, with its approval when it asks for one. */
function toolPart(chat: TestChat) {
  const part = chat.lastMessage?.parts.find((candidate) => candidate.type === 'tool-transfer');
  return part as { state: string; approval?: { id: string }; output?: unknown; input?: unknown } | undefined;
}

describe('useChat round trip (AbstractChat over HTTP)', () => {
  it('pauses on the approval request, and an approval from the chat runs the call and is recorded', async () => {
    const { registry, runs, chat } = await start('alice-token');
    await chat.sendMessage({ text: 'move 500' });
    expect(toolPart(chat)?.state).toBe('approval-requested');
    expect(runs).toEqual([]);
    await chat.addToolApprovalResponse({ id: toolPart(chat)!.approval!.id, approved: true, reason: 'fine' });
    await vi.waitFor(() => expect(chat.status).toBe('ready'));
    await vi.waitFor(() => expect(toolPart(chat)?.state).toBe('output-available'));
    expect(toolPart(chat)?.output).toEqual({ moved: 500 });
    expect(runs).toEqual(['transfer:500']);
    const [approval] = await registry.approvals.list({ sessionId: 'chat-1' });
    expect(approval).toMatchObject({ status: 'done', decidedBy: 'alice', reason: 'fine' });
  });

  it('a refusal from the chat runs nothing and is recorded as denied', async () => {
    const { registry, runs, chat } = await start('alice-token');
    await chat.sendMessage({ text: 'move 500' });
    await chat.addToolApprovalResponse({ id: toolPart(chat)!.approval!.id, approved: false, reason: 'no' });
    await vi.waitFor(() => expect(toolPart(chat)?.state).toBe('output-denied'));
    expect(runs).toEqual([]);
    const [approval] = await registry.approvals.list({ sessionId: 'chat-1' });
    expect(approval).toMatchObject({ status: 'denied', decidedBy: 'alice', reason: 'no' });
  });

  it('abuse: a client that changes the approved call (amount 500 → 9000) gets an error and nothing runs', async () => {
    const { registry, runs, chat, errors } = await start('alice-token');
    await chat.sendMessage({ text: 'move 500' });
    const last = chat.lastMessage!;
    chat.messages = [
      ...chat.messages.slice(0, -1),
      {
        ...last,
        parts: last.parts.map((part) =>
          part.type === 'tool-transfer' ? ({ ...part, input: { amount: 9000 } } as typeof part) : part,
        ),
      },
    ];
    await chat.addToolApprovalResponse({ id: toolPart(chat)!.approval!.id, approved: true });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect((errors[0] as Error).name).toBe('AI_InvalidToolApprovalSignatureError');
    expect(runs).toEqual([]);
    expect(await registry.approvals.list()).toEqual([]);
  });

  it('abuse: an unknown token is refused before any tool exists', async () => {
    const { runs, chat } = await start('stolen-token');
    await chat.sendMessage({ text: 'move 500' });
    expect(chat.status).toBe('error');
    expect(chat.error?.message).toContain('unknown token');
    expect(runs).toEqual([]);
  });
});
