// The model side replays Chat Completions streams built on a recording from test/fixtures/provider-streams
// (vercel/ai @ed857f5, Apache-2.0); see replay-model.ts.
import type { AddressInfo } from 'node:net';
import { createCanvasRegistry } from '@affordance/canvas';
import { defineAction } from '@affordance/core';
import { type ConversationStore, createMemoryConversationStore } from '@affordance/core/ports';
import type { Message } from '@ag-ui/core';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../packages/server/src/create-server.js';
import type { RecordedJson } from '../support/replay-fixtures.js';
import {
  agentFor,
  CONFIRM_TOOL,
  closeAll,
  closeServer,
  deferred,
  expectValidStream,
  lastRequest,
  listen,
  onCleanup,
  replay,
  runOnce,
} from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);

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

  it("gives the client's shared state (AG-UI state) to the actions as `ctx.context.state`", async () => {
    const call = { id: 'call_state', name: 'readState', args: {} };
    const model = await replay([replyFrames('Reading.', [call]), replyFrames('Done.')]);
    const { url, registry } = await listen({ model: model.model });
    registry.register(
      defineAction({
        name: 'readState',
        description: "Tell what the client's state says",
        handler: (_input, ctx) => ({ selection: (ctx.context.state as { selection: unknown }).selection }),
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
      onCleanup(() => closeServer(server));
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
