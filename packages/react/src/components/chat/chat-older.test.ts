// @vitest-environment jsdom
// "Load earlier messages" in <Chat older>: pages go in front, the view and the focus stay where they were, and
// the next run sends the whole thread. The run replays the AG-UI .NET SDK baseline Step02_BackendTools
// (test/fixtures/agui-events/dotnet-baselines at the repository root; source and licence in its README.md).
import { createRegistry } from '@affordance/core';
import type { Message } from '@ag-ui/client';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readRecorded, startReplayServer } from '../../../../client/test-support/agui-replay-server.js';
import { AffordanceProvider } from '../../affordance-provider.js';
import { Chat, type ChatProps } from './chat.js';
import type { OlderMessages } from './chat-older.js';

const BACKEND = readRecorded<unknown[]>(
  'Step02_BackendTools',
  'PostRun_WithBackendToolCall_InvokesToolAndStreamsResult_Turn_01.06.Response.Server.AGUI.verified.json',
);

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  cleanup();
  await Promise.all(closers.splice(0).map((close) => close()));
});

// jsdom lays nothing out: a list is 100 pixels per item tall, so keeping the view can be measured.
const ROW = 100;
const scrollHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
beforeAll(() => {
  Object.defineProperty(HTMLOListElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLOListElement) {
      return this.children.length * ROW;
    },
  });
});
afterAll(() => {
  delete (HTMLOListElement.prototype as { scrollHeight?: number }).scrollHeight;
  if (scrollHeight) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', scrollHeight);
});

const said = (from: number, to: number): Message[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({
    id: `m${from + index}`,
    role: from + index === 1 ? 'user' : index % 2 === 0 ? 'user' : 'assistant',
    content: `message ${from + index}`,
  })) as Message[];

/** Earlier pages of 3 messages before `m7`, as a thread list answers them; `gate` holds the next answer. */
function olderPages() {
  const pages = [said(4, 6), said(1, 3)];
  let release: (() => void) | undefined;
  const older: { current: OlderMessages } = { current: { hasOlder: true, loadOlder: async () => [] } };
  const loadOlder = async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    const page = pages.shift() ?? [];
    older.current = { hasOlder: pages.length > 0, loadOlder };
    return page;
  };
  older.current = { hasOlder: true, loadOlder };
  return { older, release: () => release?.() };
}

function show(props: ChatProps) {
  const registry = createRegistry();
  const view = render(h(AffordanceProvider, { registry }, h(Chat, props)));
  const rerender = (next: ChatProps) => view.rerender(h(AffordanceProvider, { registry }, h(Chat, next)));
  return { ...view, rerender };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const texts = () =>
  [...log().querySelectorAll('[data-affordance="chat-text"]')].map((item) => item.textContent);
const button = () => screen.queryByRole('button', { name: /earlier messages/ });

describe('<Chat older>', () => {
  it('puts earlier pages in front, keeps the view and the focus, and runs on with the whole thread', async () => {
    const server = await startReplayServer([BACKEND]);
    closers.push(server.close);
    const { older, release } = olderPages();
    const base = { url: server.url, threadId: 't1', messages: said(7, 9), classNames: { older: 'older' } };
    const view = show({ ...base, older: older.current });
    expect(texts()).toEqual(['message 7', 'message 8', 'message 9']);
    const load = button()!;
    expect(load.textContent).toBe('Load earlier messages');
    expect(load.className).toBe('older');
    // The button sits above the log, not in it.
    expect(log().contains(load)).toBe(false);
    log().scrollTop = 40;
    load.focus();
    fireEvent.click(load);
    expect(load.getAttribute('aria-busy')).toBe('true');
    expect(load.textContent).toBe('Loading earlier messages…');
    // A second click while it reads does nothing.
    fireEvent.click(load);
    await act(async () => release());
    view.rerender({ ...base, older: older.current });
    await waitFor(() => expect(texts()).toEqual(said(4, 9).map((message) => message.content)));
    // Three messages went in above: the view moved down by them, to the messages it showed.
    expect(log().scrollTop).toBe(40 + 3 * ROW);
    expect(document.activeElement).toBe(button());
    expect(button()?.getAttribute('aria-busy')).toBe('false');

    fireEvent.click(button()!);
    await act(async () => release());
    view.rerender({ ...base, older: older.current });
    await waitFor(() => expect(texts()).toEqual(said(1, 9).map((message) => message.content)));
    // The first message is reached: the button goes, and the focus moves to the log rather than the page.
    expect(button()).toBeNull();
    expect(document.activeElement).toBe(log());

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Italian food?' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' });
    await within(log()).findByText(/^I found one Italian restaurant in Seattle/);
    const sent = (server.requests[0] as { messages: { id: string }[] }).messages.map((message) => message.id);
    expect(sent.slice(0, 9)).toEqual(said(1, 9).map((message) => message.id));
  });

  it('shows no button when nothing is older, and loads nothing while a run streams', async () => {
    let asked = 0;
    const older: OlderMessages = {
      hasOlder: true,
      loadOlder: async () => {
        asked++;
        return said(1, 1);
      },
    };
    // A run that streams until it is stopped.
    const hanging = (_input: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const base = { url: 'http://127.0.0.1:9/agui', fetch: hanging, messages: said(2, 3) };
    const view = show({ ...base, older: { ...older, hasOlder: false } });
    expect(button()).toBeNull();
    view.rerender({ ...base, older });
    expect(button()?.getAttribute('aria-disabled')).toBe('false');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' });
    await waitFor(() => expect(button()?.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(button()!);
    expect(asked).toBe(0);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Escape' });
    await waitFor(() => expect(button()?.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(button()!);
    await waitFor(() => expect(texts()[0]).toBe('message 1'));
    expect(asked).toBe(1);
  });
});
