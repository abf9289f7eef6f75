// @vitest-environment jsdom
// Replays the AG-UI .NET SDK integration baselines (test/fixtures/agui-events/dotnet-baselines at the repository
// root, Step02_BackendTools and Step09_InterruptsApproval; source and licence in its README.md).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistry } from '@affordance/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ReplayServer,
  readRecorded,
  startReplayServer,
} from '../../../../client/test-support/agui-replay-server.js';
import { AffordanceProvider } from '../../affordance-provider.js';
import { Chat, type ChatProps } from './chat.js';

const BACKEND = readRecorded<unknown[]>(
  'Step02_BackendTools',
  'PostRun_WithBackendToolCall_InvokesToolAndStreamsResult_Turn_01.06.Response.Server.AGUI.verified.json',
);
const approval = (turn: string) =>
  readRecorded<unknown[]>(
    'Step09_InterruptsApproval',
    `PostRun_DeleteRequest_EmitsInterruptThenResumes_Turn_${turn}.06.Response.Server.AGUI.verified.json`,
  );

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  cleanup();
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function replay(turns: readonly (readonly unknown[] | undefined)[]): Promise<ReplayServer> {
  const server = await startReplayServer(turns as (readonly unknown[])[]);
  closers.push(server.close);
  return server;
}

function show(props: ChatProps) {
  return render(h(AffordanceProvider, { registry: createRegistry() }, h(Chat, props)));
}

const input = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const log = () => screen.getByRole('log', { name: 'Conversation' });

describe('<Chat>', () => {
  it('sends on Enter, streams the answer into a live log and draws the tool call and its result', async () => {
    const server = await replay([BACKEND]);
    show({ url: server.url, placeholder: 'Ask away' });
    expect(log().getAttribute('aria-live')).toBe('polite');
    expect(input().placeholder).toBe('Ask away');
    type('Italian food in Seattle?');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await within(log()).findByText(/^I found one Italian restaurant in Seattle/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    const call = within(log()).getByRole('group', { name: 'Tool call SearchRestaurants' });
    expect(call.querySelector('code')?.textContent).toContain('"Location": "Seattle"');
    const items = [...log().querySelectorAll('[data-affordance="chat-message"]')];
    expect(items.map((item) => item.getAttribute('data-role'))).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(items[0]?.textContent).toBe('YouItalian food in Seattle?');
    expect(items[2]?.textContent).toContain('SearchRestaurants: ');
    expect(input().value).toBe('');
    expect((server.requests[0] as { messages: { content: string }[] }).messages.at(-1)?.content).toBe(
      'Italian food in Seattle?',
    );
  });

  it('sends the state it is given with the run', async () => {
    const server = await replay([BACKEND]);
    show({ url: server.url, state: { canvas: 'draft' } });
    type('Italian food in Seattle?');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect((server.requests[0] as { state: unknown }).state).toEqual({ canvas: 'draft' });
  });

  it('makes a new line on Shift+Enter and sends nothing empty', async () => {
    const server = await replay([BACKEND]);
    show({ url: server.url });
    fireEvent.keyDown(input(), { key: 'Enter' });
    type('first line');
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(input().value).toBe('first line');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    type('   ');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(input().closest('form')!);
    expect(server.requests).toHaveLength(0);
  });

  it('shows the approval the run pauses on, moves focus to it, and resumes when it is approved', async () => {
    const server = await replay([approval('01'), approval('02')]);
    show({ url: server.url });
    type('Delete report-draft.txt');
    fireEvent.keyDown(input(), { key: 'Enter' });
    const waiting = await screen.findByRole('region', { name: 'Waiting for your decision' });
    expect(within(waiting).getByText('Approval required for tool call: delete_file')).toBeTruthy();
    const approve = within(waiting).getByRole('button', { name: 'Approve' });
    await waitFor(() => expect(document.activeElement).toBe(approve));
    // The paused run takes no new message.
    expect(input().getAttribute('aria-disabled')).toBe('true');
    expect(input().readOnly).toBe(true);
    fireEvent.click(approve);
    await within(log()).findByText('Done — "report-draft.txt" has been deleted.');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Waiting for your decision' })).toBeNull(),
    );
    expect((server.requests[1] as { resume: unknown[] }).resume).toEqual([
      { interruptId: 'ficc_Id_1', status: 'resolved', payload: { approved: true } },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect(input().readOnly).toBe(false);
  });

  it('shows a failed run as an alert, and Retry runs the thread again', async () => {
    // The first request finds no recorded turn (HTTP 409); the retry gets one.
    const server = await replay([undefined, BACKEND]);
    const ended: string[] = [];
    show({ url: server.url, onRunEnd: (chat) => ended.push(chat.status) });
    type('Italian food in Seattle?');
    fireEvent.keyDown(input(), { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('409');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry the run' }));
    await within(log()).findByText(/^I found one Italian restaurant/);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(ended).toEqual(['error', 'idle']);
    expect(server.requests).toHaveLength(2);
  });

  it('turns Send into Stop while a run streams; Escape stops it and gives the input back', async () => {
    // A real endpoint that starts a run and never ends it.
    const open = new Set<import('node:http').ServerResponse>();
    const hanging = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })}\n\n`);
      open.add(response);
    });
    await new Promise<void>((done) => hanging.listen(0, '127.0.0.1', done));
    closers.push(async () => {
      for (const response of open) response.destroy();
      await new Promise<void>((done) => hanging.close(() => done()));
    });
    show({ url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/agent` });
    type('Hello');
    input().focus();
    fireEvent.keyDown(input(), { key: 'Enter' });
    const stop = await screen.findByRole('button', { name: 'Stop the run' });
    expect(screen.getByRole('status').textContent).toBe('The agent is working…');
    expect(log().getAttribute('aria-busy')).toBe('true');
    type('next');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(stop.isConnected).toBe(true);
    fireEvent.keyDown(input(), { key: 'Escape' });
    await screen.findByRole('button', { name: 'Send' });
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.activeElement).toBe(input());
  });

  it('puts class names on its parts and starts over when the thread changes', async () => {
    const server = await replay([BACKEND]);
    const { rerender } = show({
      url: server.url,
      threadId: 'a',
      className: 'mine',
      classNames: { root: 'chat', messages: 'list', composer: 'form', send: 'primary' },
      messages: [{ id: 'm1', role: 'user', content: 'stored question' }],
    });
    const root = document.querySelector('[data-affordance="chat"]')!;
    expect(root.className).toBe('chat mine');
    expect(log().className).toBe('list');
    expect(screen.getByRole('button', { name: 'Send' }).className).toBe('primary');
    expect(within(log()).getByText('stored question')).toBeTruthy();
    rerender(
      h(
        AffordanceProvider,
        { registry: createRegistry() },
        h(Chat, {
          url: server.url,
          threadId: 'b',
          messages: [{ id: 'm2', role: 'user', content: 'other thread' }],
        }),
      ),
    );
    expect(within(log()).queryByText('stored question')).toBeNull();
    expect(within(log()).getByText('other thread')).toBeTruthy();
  });

  it('draws messages and tool calls your way when given renderMessage and renderToolCall', () => {
    show({
      url: 'http://127.0.0.1:9/agent',
      messages: [
        { id: 'u1', role: 'user', content: 'Paint it' },
        {
          id: 'a1',
          role: 'assistant',
          content: 'On it.',
          toolCalls: [
            { id: 'c1', type: 'function', function: { name: 'paint', arguments: '{"color":"red"}' } },
          ],
        },
        { id: 't1', role: 'tool', toolCallId: 'c1', content: 'painted' },
      ],
      renderMessage: (message, fallback) =>
        message.role === 'user' ? h('strong', null, `asked: ${String(message.content)}`) : fallback,
      renderToolCall: (call) => h('em', null, `${call.name} with ${call.arguments}`),
    });
    expect(within(log()).getByText('asked: Paint it').tagName).toBe('STRONG');
    expect(within(log()).getByText('paint with {"color":"red"}').tagName).toBe('EM');
    expect(within(log()).queryByRole('group', { name: 'Tool call paint' })).toBeNull();
    expect(within(log()).getByText('painted').tagName).toBe('CODE');
  });
});
