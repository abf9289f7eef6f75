// @vitest-environment node
// Replays the AG-UI .NET SDK integration baselines (test/fixtures/agui-events/dotnet-baselines at the repository
// root, Step03_FrontendTools and Step04_HumanInLoop; source and licence in its README.md).
import { createRegistry, defineAction, type Registry } from '@affordance/core';
import type { Message } from '@ag-ui/core';
import { EventSchema, MessageSchema, RunAgentInputSchema } from '@ag-ui/core/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ReplayServer, readRecorded, startReplayServer } from '../../test-support/agui-replay-server.js';
import { createToolCallStore, type ToolCallStore } from '../tool-calls/create-tool-call-store.js';
import { type AgentChat, createAgentChat } from './create-agent-chat.js';

const STEP03 = 'Step03_FrontendTools';
const STEP03_FILE = (turn: string, part: string) =>
  `PostRun_WithFrontendToolCall_InvokesToolLocallyAndStreamsResult_Turn_${turn}.${part}.AGUI.verified.json`;
const STEP04 = 'Step04_HumanInLoop';
const STEP04_FILE = (turn: string, part: string) =>
  `PostRun_WithApprovalRequired_RoundTripsThroughBothWrappers_Turn_${turn}.${part}.AGUI.verified.json`;
const events = (folder: string, file: string) => readRecorded<Record<string, unknown>[]>(folder, file);
const APPROVAL_INPUT = {
  type: 'object',
  properties: { request: { type: 'object' } },
  required: ['request'],
} as const;
const LOCATION = 'Amsterdam, Netherlands (52.37°N, 4.90°E)';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function setup(
  turns: Record<string, unknown>[][],
  options: {
    maxFollowUps?: number;
    actions?: (store: ToolCallStore) => Parameters<Registry['register']>[0];
  } = {},
) {
  const store = createToolCallStore();
  const registry = createRegistry();
  registry.register(
    options.actions?.(store) ?? [
      defineAction({
        name: 'GetUserLocation',
        description: "Get the user's current location from GPS.",
        handler: () => LOCATION,
      }),
    ],
  );
  return {
    store,
    registry,
    start: async () => {
      server = await startReplayServer(turns);
      const received: unknown[] = [];
      const chat = createAgentChat({
        url: server.url,
        registry,
        store,
        ...(options.maxFollowUps !== undefined ? { maxFollowUps: options.maxFollowUps } : {}),
      });
      chat.agent.subscribe({ onEvent: ({ event }) => void received.push(event) });
      return { chat, received, server };
    },
  };
}

function expectValidWire(server: ReplayServer, received: unknown[], chat: AgentChat) {
  for (const event of received) expect(EventSchema.safeParse(event).error).toBeUndefined();
  for (const request of server.requests) expect(RunAgentInputSchema.safeParse(request).error).toBeUndefined();
  for (const message of chat.getSnapshot().messages)
    expect(MessageSchema.safeParse(message).error).toBeUndefined();
}

const toolMessages = (request: unknown) =>
  (request as { messages: Message[] }).messages.filter((message) => message.role === 'tool');

describe('createAgentChat against recorded AG-UI streams', () => {
  it('runs a frontend tool and sends its result back as a tool message so the run continues (Step03)', async () => {
    const { store, start } = setup([
      events(STEP03, STEP03_FILE('01', '06.Response.Server')),
      events(STEP03, STEP03_FILE('02', '06.Response.Server')),
    ]);
    const { chat, received, server } = await start();
    await chat.send('What are some fun things to do near me?');

    expect(server.requests).toHaveLength(2);
    const recorded = readRecorded<{ tools: { name: string; description: string }[] }>(
      STEP03,
      STEP03_FILE('01', '02.Request.Client'),
    );
    const first = server.requests[0] as { tools: { name: string; description: string }[] };
    expect(first.tools.map(({ name, description }) => ({ name, description }))).toEqual(
      recorded.tools.map(({ name, description }) => ({ name, description })),
    );
    expect(toolMessages(server.requests[1])).toEqual([
      expect.objectContaining({ toolCallId: 'call_Id_1', content: LOCATION }),
    ]);
    expect(store.get('call_Id_1')).toMatchObject({
      status: 'complete',
      result: LOCATION,
      name: 'GetUserLocation',
    });
    const snapshot = chat.getSnapshot();
    expect(snapshot).toMatchObject({ status: 'idle', error: undefined });
    expect(String(snapshot.messages.at(-1)?.content)).toMatch(/^Great — you’re in Amsterdam!/);
    expectValidWire(server, received, chat);
  });

  it('pauses for the person and continues with their answer (Step04 human in the loop)', async () => {
    const { store, start } = setup(
      [
        events(STEP04, STEP04_FILE('01', '06.Response.Server')),
        events(STEP04, STEP04_FILE('02', '06.Response.Server')),
      ],
      {
        actions: (held) => [
          defineAction({
            name: 'request_approval',
            description: 'Ask the user to approve a function call',
            input: APPROVAL_INPUT,
            handler: (_args, ctx) => held.awaitResponse(ctx.toolCallId ?? ctx.callId, ctx.signal),
          }),
        ],
      },
    );
    const { chat, received, server } = await start();
    const sending = chat.send('Please approve expense report EXP-2024-001');
    await until(() => store.get('call_Id_1')?.awaitingResponse === true);
    expect(server.requests).toHaveLength(1);
    expect(store.get('call_Id_1')?.args).toMatchObject({
      request: { function_name: 'ApproveExpenseReport' },
    });
    store.respond('call_Id_1', { approval_Id_1: 'ficc_Id_1', approved: true });
    await sending;

    const recorded = readRecorded<{ messages: Message[] }>(STEP04, STEP04_FILE('02', '02.Request.Client'));
    expect(toolMessages(server.requests[1]).map(({ content }) => content)).toEqual(
      toolMessages(recorded).map(({ content }) => content),
    );
    // Turn 2 reuses call_Id_1 for the backend ApproveExpenseReport call, whose result the agent streams.
    expect(store.get('call_Id_1')).toMatchObject({ name: 'ApproveExpenseReport', status: 'complete' });
    expect(String(chat.getSnapshot().messages.at(-1)?.content)).toBe(
      'Done — expense report EXP-2024-001 has been approved and processed.',
    );
    expectValidWire(server, received, chat);
  });

  it('stops follow-up runs at the depth limit with a clear message and keeps the last results', async () => {
    const loop = (n: number) =>
      events(STEP03, STEP03_FILE('01', '06.Response.Server')).map((event) =>
        'toolCallId' in event ? { ...event, toolCallId: `call_loop_${n}` } : event,
      );
    const { start } = setup([loop(1), loop(2), loop(3), loop(4)], { maxFollowUps: 2 });
    const { chat, server } = await start();
    await chat.send('Where am I?');
    expect(server.requests).toHaveLength(3);
    const snapshot = chat.getSnapshot();
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toMatch(
      /^stopped after 2 follow-up runs in a row: the agent kept calling frontend tools \(last: GetUserLocation\)/,
    );
    expect(
      snapshot.messages
        .filter((message) => message.role === 'tool')
        .map((message) => (message as { toolCallId: string }).toolCallId),
    ).toEqual(['call_loop_1', 'call_loop_2', 'call_loop_3']);
  });

  it('never sends a frontend result twice when the agent already returned one for the call', async () => {
    const withResult = [...events(STEP03, STEP03_FILE('01', '06.Response.Server'))];
    withResult.splice(-1, 0, {
      type: 'TOOL_CALL_RESULT',
      messageId: 'm1',
      toolCallId: 'call_Id_1',
      content: '"Utrecht"',
      role: 'tool',
    });
    const { start } = setup([withResult, events(STEP03, STEP03_FILE('02', '06.Response.Server'))]);
    const { chat, server } = await start();
    await chat.send('What are some fun things to do near me?');
    // The agent's own result answered the call; the browser's result is not sent again, so no follow-up run.
    expect(server.requests).toHaveLength(1);
    expect(chat.getSnapshot().messages.filter((message) => message.role === 'tool')).toHaveLength(1);
  });

  it('ends a call that was waiting when the run was aborted as failed, and answers it on the next message', async () => {
    const { store, start } = setup(
      [
        events(STEP04, STEP04_FILE('01', '06.Response.Server')),
        events(STEP03, STEP03_FILE('02', '06.Response.Server')),
      ],
      {
        actions: (held) => [
          defineAction({
            name: 'request_approval',
            description: 'Ask for approval',
            input: APPROVAL_INPUT,
            handler: (_args, ctx) => held.awaitResponse(ctx.toolCallId ?? ctx.callId, ctx.signal),
          }),
        ],
      },
    );
    const { chat, server, received } = await start();
    const sending = chat.send('Please approve expense report EXP-2024-001');
    await until(() => store.get('call_Id_1')?.awaitingResponse === true);
    chat.abort('closed the dialog');
    await sending;
    expect(store.get('call_Id_1')).toMatchObject({ status: 'failed', error: { code: 'aborted' } });
    expect(chat.getSnapshot().status).toBe('idle');
    await chat.send('never mind');
    const answers = toolMessages(server.requests[1]);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({
      toolCallId: 'call_Id_1',
      content: expect.stringMatching(/^Error \(aborted\)/),
    });
    expectValidWire(server, received, chat);
  });

  it('restores a stored thread: answered calls complete, a call cut off by a reload ends failed and is answered', async () => {
    const { store, start } = setup([]);
    const { chat } = await start();
    const stored = readRecorded<{ messages: Message[] }>(
      STEP03,
      STEP03_FILE('02', '02.Request.Client'),
    ).messages.map((message, index) => ({ ...message, id: message.id ?? `m${index}` }) as Message);
    chat.restore(stored);
    expect(store.get('call_Id_1')).toMatchObject({ status: 'complete', result: LOCATION });

    chat.restore(stored.filter((message) => message.role !== 'tool'));
    expect(store.get('call_Id_1')).toMatchObject({ status: 'failed', error: { code: 'aborted' } });
    const tools = chat.getSnapshot().messages.filter((message) => message.role === 'tool');
    expect(tools).toEqual([
      expect.objectContaining({ toolCallId: 'call_Id_1', content: expect.stringMatching(/page reloaded/) }),
    ]);
    for (const message of chat.getSnapshot().messages)
      expect(MessageSchema.safeParse(message).error).toBeUndefined();
  });

  it('keeps a frontend result when the follow-up request fails, and resume() delivers it once', async () => {
    const turns = [events(STEP03, STEP03_FILE('01', '06.Response.Server'))];
    const { start } = setup(turns);
    const { chat, server } = await start();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await chat.send('What are some fun things to do near me?').finally(() => quiet.mockRestore());
    expect(chat.getSnapshot()).toMatchObject({ status: 'error', error: expect.stringMatching(/409/) });
    expect(toolMessages(server.requests[1])).toHaveLength(1);
    turns[2] = events(STEP03, STEP03_FILE('02', '06.Response.Server'));
    await chat.resume();
    expect(chat.getSnapshot()).toMatchObject({ status: 'idle', error: undefined });
    expect(toolMessages(server.requests[2])).toEqual([
      expect.objectContaining({ toolCallId: 'call_Id_1', content: LOCATION }),
    ]);
  });

  it('reports a failed request as an error, not a silent stop', async () => {
    const { start } = setup([]);
    const { chat } = await start();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await chat.send('hello').finally(() => quiet.mockRestore());
    expect(chat.getSnapshot()).toMatchObject({ status: 'error', error: expect.stringMatching(/409/) });
  });
  it('sets error when a run ends with a RUN_ERROR event, fails the unfinished call, and clears it on the next run', async () => {
    const [started, toolStart] = events(STEP03, STEP03_FILE('01', '06.Response.Server'));
    const failing = [
      started!,
      toolStart!,
      { type: 'TOOL_CALL_ARGS', toolCallId: 'call_Id_1', delta: '{"precision": ' },
      { type: 'RUN_ERROR', message: 'the model provider refused the request', code: 'upstream_error' },
    ];
    const handler = vi.fn(() => LOCATION);
    const { store, start } = setup([failing, events(STEP03, STEP03_FILE('02', '06.Response.Server'))], {
      actions: () => [
        defineAction({ name: 'GetUserLocation', description: "Get the user's location", handler }),
      ],
    });
    const { chat, server, received } = await start();
    await chat.send('Where am I?');
    expect(chat.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'the model provider refused the request (upstream_error)',
    });
    expect(store.get('call_Id_1')?.status).toBe('failed');
    expect(handler).not.toHaveBeenCalled();

    await chat.send('Try again');
    expect(chat.getSnapshot()).toMatchObject({ status: 'idle', error: undefined });
    // The call cut off by the error is answered as failed, so the thread the agent gets stays valid.
    expect(toolMessages(server.requests[1])).toEqual([
      expect.objectContaining({ toolCallId: 'call_Id_1', content: expect.stringMatching(/^Error \(/) }),
    ]);
    expectValidWire(server, received, chat);
  });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}
