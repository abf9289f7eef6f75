// The model side replays Chat Completions streams built on a recording from test/fixtures/provider-streams
// (vercel/ai @ed857f5, Apache-2.0); see replay-model.ts.
import type { AddressInfo } from 'node:net';
import { createCanvasRegistry } from '@affordance/canvas';
import { type ConversationStore, createMemoryConversationStore, defineAction } from '@affordance/core';
import { createOpenAIModel } from '@affordance/core/openai';
import { HttpAgent, verifyEvents } from '@ag-ui/client';
import type { BaseEvent, Message } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { serve } from '@hono/node-server';
import { from } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer, type ServerOptions } from '../../packages/server/src/create-server.js';
import { NO_MODEL_MESSAGE } from '../../packages/server/src/routes/agui-route.js';
import type { RecordedJson } from '../support/replay-fixtures.js';
import { startReplayServer } from '../support/replay-server.js';
import { replyFrames, startReplayModel } from './replay-model.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function listen(options: Omit<ServerOptions, 'registry' | 'mcp'> = {}) {
  const canvas = createCanvasRegistry();
  const conversations = options.conversations ?? createMemoryConversationStore();
  const { app } = createServer({ registry: canvas.registry, mcp: false, conversations, ...options });
  const url = await new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}/agui`),
    );
    cleanups.push(() => closeServer(server));
  });
  return { ...canvas, app, url, conversations };
}

/** Close a listening server now, keep-alive connections included. */
function closeServer(server: ReturnType<typeof serve>): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}

async function replay(script: readonly (readonly string[])[]) {
  const replayModel = await startReplayModel(script);
  cleanups.push(() => replayModel.close());
  return replayModel;
}

/** Run an HttpAgent once; answers every event it saw, in order, and the run's outcome. */
async function runOnce(agent: HttpAgent, parameters: Parameters<HttpAgent['runAgent']>[0] = {}) {
  const events: BaseEvent[] = [];
  let failure: unknown;
  await agent
    .runAgent(parameters, {
      onEvent: ({ event }) => {
        events.push(event);
      },
    })
    .catch((error: unknown) => {
      failure = error;
    });
  return { events, failure, types: events.map((event) => event.type) };
}

/** Every event passes @ag-ui/core's schema, and the whole sequence passes @ag-ui/client's verifyEvents. */
async function expectValidStream(events: readonly BaseEvent[]) {
  for (const event of events) expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
  // @ag-ui/client carries its own rxjs copy; its operator is applied directly to an observable of ours.
  const verify = verifyEvents(false);
  const verified = new Promise<BaseEvent[]>((resolve, reject) => {
    const passed: BaseEvent[] = [];
    verify(from(events) as unknown as Parameters<typeof verify>[0]).subscribe({
      next: (event) => passed.push(event),
      error: reject,
      complete: () => resolve(passed),
    });
  });
  await expect(verified).resolves.toHaveLength(events.length);
}

/** A promise and its resolve function (Node 20 has no Promise.withResolvers). */
function deferred<TValue>() {
  let resolve!: (value: TValue) => void;
  const promise = new Promise<TValue>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const CONFIRM_TOOL = {
  name: 'confirmChoice',
  description: 'Ask the user to confirm before a change',
  parameters: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
};

function agentFor(url: string, threadId: string, text: string) {
  const agent = new HttpAgent({ url, threadId });
  agent.addMessage({ id: `${threadId}-u1`, role: 'user', content: text });
  return agent;
}

const lastRequest = (model: { server: { requests: readonly { body: RecordedJson }[] } }) =>
  model.server.requests.at(-1)?.body as RecordedJson;

describe('POST /agui with a replayed model', () => {
  it('streams a text-only answer and records the session', async () => {
    const model = await replay([replyFrames('The canvas has six blocks.')]);
    const { url, conversations } = await listen({ model: model.model });
    const agent = agentFor(url, 'thread-text', 'What is on the canvas?');
    const { events, types, failure } = await runOnce(agent, { runId: 'run-text' });
    expect(failure).toBeUndefined();
    expect(types).toEqual([
      'RUN_STARTED',
      'STEP_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'STEP_FINISHED',
      'RUN_FINISHED',
    ]);
    await expectValidStream(events);
    expect(events.at(-1)).toMatchObject({
      threadId: 'thread-text',
      runId: 'run-text',
      outcome: { type: 'success' },
      result: { status: 'done', steps: 1 },
    });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'The canvas has six blocks.' });
    const sent = lastRequest(model);
    expect(sent.messages).toEqual([{ role: 'user', content: 'What is on the canvas?' }]);
    expect(sent.tools.map((tool: RecordedJson) => tool.function.name)).toContain('shape_updateColor');
    const stored = await conversations.listMessages('thread-text');
    expect(stored.map((message) => [message.role, message.content])).toEqual([
      ['user', 'What is on the canvas?'],
      ['assistant', 'The canvas has six blocks.'],
    ]);
    expect(await conversations.getSession('thread-text')).toMatchObject({
      userId: 'local',
      title: 'What is on the canvas?',
    });
  });

  it('runs a server tool call through the pipeline, with its result event and an audit record', async () => {
    const call = {
      id: 'call_paint',
      name: 'shape_updateColor',
      args: { blockId: 'shape-1', color: '#ff0000' },
    };
    const model = await replay([replyFrames('Painting it.', [call]), replyFrames('Shape 1 is red now.')]);
    const { url, documents, registry } = await listen({ model: model.model });
    const agent = agentFor(url, 'thread-tool', 'Make shape-1 red');
    // A client that mirrors the server's actions as frontend tools: the server still runs the action.
    const mirrored = { name: 'shape_updateColor', description: 'mirrored by the client', parameters: {} };
    const { events, types } = await runOnce(agent, { tools: [mirrored] });
    await expectValidStream(events);
    expect(types).toEqual([
      'RUN_STARTED',
      'STEP_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_RESULT',
      'STEP_FINISHED',
      'STEP_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'STEP_FINISHED',
      'RUN_FINISHED',
    ]);
    const start = events.find((event) => event.type === 'TOOL_CALL_START');
    const textStart = events.find((event) => event.type === 'TEXT_MESSAGE_START');
    expect(start).toMatchObject({
      toolCallId: 'call_paint',
      toolCallName: 'shape_updateColor',
      parentMessageId: (textStart as unknown as { messageId: string }).messageId,
    });
    expect(events.find((event) => event.type === 'TOOL_CALL_ARGS')).toMatchObject({
      delta: JSON.stringify(call.args),
    });
    expect(documents.get('shape-1')).toMatchObject({ color: '#ff0000' });
    const { records } = await registry.store.audit.query({ sessionId: 'thread-tool' });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ name: 'shape_updateColor', outcome: 'ok', userId: 'local' });
    expect(lastRequest(model).messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_paint' });
    const first: RecordedJson = model.server.requests[0]?.body;
    const offered = first.tools.map((tool: RecordedJson) => tool.function.name);
    expect(offered.filter((name: string) => name === 'shape_updateColor')).toHaveLength(1);
    const assistant = agent.messages.find((message) => message.role === 'assistant') as Message & {
      toolCalls?: unknown[];
    };
    expect(assistant).toMatchObject({ content: 'Painting it.', toolCalls: [{ id: 'call_paint' }] });
  });

  it("gives the client's shared state (AG-UI state) to the actions as their context", async () => {
    const call = { id: 'call_state', name: 'readState', args: {} };
    const model = await replay([replyFrames('Reading.', [call]), replyFrames('Done.')]);
    const { url, registry } = await listen({ model: model.model });
    registry.register(
      defineAction({
        name: 'readState',
        description: "Tell what the client's state says",
        handler: (_input, ctx) => ({ selection: ctx.context.selection }),
      }),
    );
    const agent = agentFor(url, 'thread-state', 'What is selected?');
    agent.setState({ selection: ['shape-2'] });
    const { events } = await runOnce(agent);
    await expectValidStream(events);
    expect(events.find((event) => event.type === 'TOOL_CALL_RESULT')).toMatchObject({
      toolCallId: 'call_state',
      content: JSON.stringify({ selection: ['shape-2'] }),
    });
  });

  it('feeds a validation failure back to the model as the tool result', async () => {
    const call = { id: 'call_bad', name: 'shape_updateColor', args: { blockId: 'shape-1', color: 'red' } };
    const model = await replay([replyFrames('Trying.', [call]), replyFrames('I need a hex colour.')]);
    const { url, documents } = await listen({ model: model.model });
    const { events } = await runOnce(agentFor(url, 'thread-invalid', 'Paint shape-1 red'));
    await expectValidStream(events);
    const result = events.find((event) => event.type === 'TOOL_CALL_RESULT') as unknown as {
      content: string;
    };
    expect(result.content).toMatch(/color/);
    expect(result.content).toMatch(/red/);
    const fedBack = lastRequest(model).messages.at(-1);
    expect(fedBack).toEqual({ role: 'tool', tool_call_id: 'call_bad', content: result.content });
    expect(documents.get('shape-1')).toMatchObject({ color: '#3b82f6' });
    expect(events.at(-1)?.type).toBe('RUN_FINISHED');
  });

  it('hands a frontend tool call to the client, then continues with its result in the next run', async () => {
    const call = { id: 'call_confirm', name: 'confirmChoice', args: { question: 'Paint shape-1 red?' } };
    const model = await replay([replyFrames('', [call]), replyFrames('Confirmed, thanks.')]);
    const { url, documents, conversations } = await listen({ model: model.model });
    const agent = agentFor(url, 'thread-front', 'Paint shape-1 red after asking me');
    const first = await runOnce(agent, { tools: [CONFIRM_TOOL] });
    await expectValidStream(first.events);
    expect(first.types).toEqual([
      'RUN_STARTED',
      'STEP_STARTED',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'STEP_FINISHED',
      'RUN_FINISHED',
    ]);
    expect(first.events.at(-1)).toMatchObject({
      outcome: { type: 'success', pendingToolCallIds: ['call_confirm'] },
      result: { status: 'awaiting_client' },
    });
    const offered: RecordedJson = model.server.requests[0]?.body;
    expect(offered.tools.map((tool: RecordedJson) => tool.function.name)).toContain('confirmChoice');
    expect(documents.get('shape-1')).toMatchObject({ color: '#3b82f6' });

    agent.addMessage({ id: 'tool-answer-1', role: 'tool', toolCallId: 'call_confirm', content: 'yes' });
    const second = await runOnce(agent, { tools: [CONFIRM_TOOL] });
    await expectValidStream(second.events);
    expect(second.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', result: { status: 'done' } });
    const sent = lastRequest(model).messages;
    expect(sent.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_confirm',
            type: 'function',
            function: { name: 'confirmChoice', arguments: JSON.stringify(call.args) },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_confirm', content: 'yes' },
    ]);
    // Each message is stored once, though the client sent the whole history twice.
    const stored = await conversations.listMessages('thread-front');
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(stored[2]?.toolResults).toEqual([
      { toolCallId: 'call_confirm', name: 'confirmChoice', ok: true, output: 'yes' },
    ]);
  });

  it('stops the run when the client goes away, and leaves a consistent record', async () => {
    const canvasStarted = deferred<void>();
    const aborted = deferred<boolean>();
    const wait = defineAction({
      name: 'waitForSignal',
      description: 'Waits until it is cancelled',
      input: { type: 'object', properties: {}, additionalProperties: false } as const,
      handler: (_args, context) =>
        new Promise((resolve) => {
          canvasStarted.resolve();
          context.signal.addEventListener('abort', () => {
            aborted.resolve(true);
            resolve('stopped');
          });
        }),
    });
    const call = { id: 'call_wait', name: 'waitForSignal', args: {} };
    const model = await replay([replyFrames('Waiting.', [call]), replyFrames('never asked')]);
    const canvas = createCanvasRegistry();
    canvas.registry.register(wait);
    const conversations: ConversationStore = createMemoryConversationStore();
    const { app } = createServer({
      registry: canvas.registry,
      mcp: false,
      model: model.model,
      conversations,
    });
    const url = await new Promise<string>((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve(`http://127.0.0.1:${info.port}/agui`),
      );
      cleanups.push(() => closeServer(server));
    });
    const agent = agentFor(url, 'thread-abort', 'Wait for me');
    const run = runOnce(agent);
    await canvasStarted.promise;
    agent.abortRun();
    await run;
    expect(await aborted.promise).toBe(true);
    await expect.poll(async () => (await conversations.listMessages('thread-abort')).length).toBe(3);
    const stored = await conversations.listMessages('thread-abort');
    expect(stored[1]).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'call_wait' }] });
    expect(stored[2]?.toolResults?.[0]).toMatchObject({ toolCallId: 'call_wait', ok: false });
    expect(model.server.requests).toHaveLength(1);
  });
});

describe('POST /agui refusals', () => {
  it('answers RUN_STARTED then a RUN_ERROR that says how to configure a model', async () => {
    const { url } = await listen();
    const agent = agentFor(url, 'thread-none', 'make shape-1 red');
    const { events, types } = await runOnce(agent, { runId: 'run-none', tools: [CONFIRM_TOOL] });
    expect(types).toEqual(['RUN_STARTED', 'RUN_ERROR']);
    expect(events[1]).toMatchObject({ code: 'no_model', message: NO_MODEL_MESSAGE });
    expect(NO_MODEL_MESSAGE).toContain('AFFORDANCE_MODEL=openai:<model>');
    await expectValidStream(events);
  });

  it('builds an openai:<model> setting with OPENAI_BASE_URL from the environment', async () => {
    const model = await replay([replyFrames('Hello from the configured model.')]);
    vi.stubEnv('OPENAI_BASE_URL', model.baseURL);
    vi.stubEnv('OPENAI_API_KEY', '');
    cleanups.push(async () => {
      vi.unstubAllEnvs();
    });
    const { url } = await listen({ model: 'openai:replay-model' });
    const { events } = await runOnce(agentFor(url, 'thread-env', 'hi'));
    await expectValidStream(events);
    expect(events.at(-1)?.type).toBe('RUN_FINISHED');
    expect(lastRequest(model).model).toBe('replay-model');
  });

  it('reports a failing model request as RUN_ERROR agent_failed, with the provider message', async () => {
    const server = await startReplayServer({
      '/v1/chat/completions': () => ({
        json: { error: { message: 'model replay-x does not exist' } },
        status: 400,
      }),
    });
    cleanups.push(() => server.close());
    const model = createOpenAIModel({ model: 'replay-x', baseURL: `${server.url}/v1`, apiKey: 'sk-replay' });
    const { url } = await listen({ model });
    const { events } = await runOnce(agentFor(url, 'thread-fail', 'hi'));
    await expectValidStream(events);
    expect(events.map((event) => event.type)).toEqual(['RUN_STARTED', 'STEP_STARTED', 'RUN_ERROR']);
    expect(events.at(-1)).toMatchObject({
      code: 'agent_failed',
      message: expect.stringMatching(/does not exist/),
    });
  });

  it('reports a model setting it cannot build as RUN_ERROR model_config', async () => {
    const { url } = await listen({ model: 'cobol:gpt-1' });
    const { events } = await runOnce(agentFor(url, 'thread-config', 'hi'));
    expect(events[1]).toMatchObject({ type: 'RUN_ERROR', code: 'model_config' });
    expect((events[1] as unknown as { message: string }).message).toMatch(
      /known providers are openai and anthropic/,
    );
  });

  it('answers a malformed body with a typed 400 before any event', async () => {
    const model = await replay([]);
    const { url } = await listen({ model: model.model });
    const post = (body: string) =>
      fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const notJson = await post('nope');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: 'invalid_json_body' } });
    const badMessages = await post(JSON.stringify({ threadId: 't', runId: 'r', messages: 'hello' }));
    expect(badMessages.status).toBe(400);
    expect(await badMessages.json()).toMatchObject({
      error: { code: 'invalid_request', message: 'RunAgentInput: `messages` must be an array' },
    });
    const badRole = await post(JSON.stringify({ messages: [{ id: 'm', role: 'robot', content: '' }] }));
    expect(await badRole.json()).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringMatching(/robot/) },
    });
    const twice = await post(JSON.stringify({ messages: [], tools: [CONFIRM_TOOL, CONFIRM_TOOL] }));
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({
      error: { code: 'invalid_request', message: "tools: the client tool 'confirmChoice' is given twice" },
    });
    const badSchema = await post(
      JSON.stringify({
        messages: [],
        tools: [{ name: 'pick', description: 'd', parameters: { type: 'nope' } }],
      }),
    );
    expect(badSchema.status).toBe(400);
    expect(model.server.requests).toHaveLength(0);
  });

  it("refuses another user's thread with 403", async () => {
    const conversations = createMemoryConversationStore();
    await conversations.createSession({ id: 'thread-ana', userId: 'ana' });
    const model = await replay([]);
    const { url } = await listen({ model: model.model, conversations });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 'thread-ana', runId: 'r', messages: [], tools: [], context: [] }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
  });
});
