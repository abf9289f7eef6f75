// useAgentChat and InterruptCard against the real /agui server: a paused transfer is approved with edited
// arguments, denied, or cancelled from the page, and its result shows once. The model side replays Chat Completions
// streams built on a recording from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0); see
// replay-model.ts.
// The server runs in this Node environment (the jsdom one replaces URL, which the server's file paths need); the
// page gets its DOM from jsdom, installed before React and Testing Library load.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createToolCallStore } from '@affordance/client';
import { createRegistry, defineAction } from '@affordance/core';
import { serve } from '@hono/node-server';
import { createElement as h, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../packages/server/src/create-server.js';
import { closeAll, closeServer, onCleanup, replay } from './agui-setup.js';
import { replyFrames } from './replay-model.js';

// jsdom ships no types; the two members used here are typed by hand.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis };
};
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' });
const page = globalThis as Record<string, unknown>;
// `navigator` only while React loads: the model client (the official openai SDK, in this process for the server)
// refuses to start in what looks like a browser.
for (const name of ['window', 'document', 'HTMLElement', 'Node', 'Event', 'MouseEvent', 'getComputedStyle']) {
  if (!(name in page) || name === 'window' || name === 'document') {
    Object.defineProperty(page, name, {
      value: (dom.window as unknown as Record<string, unknown>)[name],
      configurable: true,
    });
  }
}
page.IS_REACT_ACT_ENVIRONMENT = true;
Object.defineProperty(page, 'navigator', { value: dom.window.navigator, configurable: true });
const { cleanup, fireEvent, render, screen, waitFor } = await import('@testing-library/react');
const { AffordanceProvider, InterruptCard, useAgentChat } = await import('@affordance/react');
delete page.navigator;

afterEach(async () => {
  cleanup();
  await closeAll();
});

const SEND = { id: 'call_send', name: 'money_send', args: { amount: 40 } };

async function start(script: string[][]) {
  const model = await replay(script);
  const sent: number[] = [];
  const shipped: string[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name: 'order_ship',
        description: 'Ship an order',
        input: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] } as const,
        handler: ({ order }, ctx) => {
          const { street } = ctx.ask<{ street: string }>({
            message: 'Which street?',
            schema: {
              type: 'object',
              properties: { street: { type: 'string', title: 'Street', minLength: 3 } },
              required: ['street'],
            },
          });
          shipped.push(`${order}@${street}`);
          return `shipped ${order} to ${street}`;
        },
      }),
      defineAction({
        name: 'money_send',
        description: 'Send money',
        input: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } as const,
        approval: 'always',
        handler: ({ amount }) => {
          sent.push(amount);
          return `sent ${amount}`;
        },
      }),
    ],
  });
  const { app } = createServer({ registry, mcp: false, model: model.model });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((done) => server.once('listening', done));
  onCleanup(() => closeServer(server));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agui`, sent, shipped, model };
}

let lastMessages: readonly unknown[] = [];

function Chat({ url, messages }: { url: string; messages?: readonly never[] }): ReactNode {
  const chat = useAgentChat({ url, threadId: 'react-thread', ...(messages ? { messages } : {}) });
  lastMessages = chat.messages;
  return h(
    'div',
    null,
    h('button', { type: 'button', onClick: () => void chat.send('Pay the rent') }, 'Send'),
    h('button', { type: 'button', onClick: () => void chat.cancelInterrupts() }, 'Cancel all'),
    h('span', { 'data-testid': 'status' }, `${chat.status}${chat.error ? `: ${chat.error}` : ''}`),
    ...chat.messages.map((message) =>
      h('p', { key: message.id, 'data-testid': `message-${message.role}` }, String(message.content ?? '')),
    ),
    ...chat.interrupts.map((interrupt) =>
      h(InterruptCard, { key: interrupt.id, interrupt, decide: chat.decide }),
    ),
  );
}

function mount(url: string, messages?: readonly never[]) {
  const registry = createRegistry();
  render(
    h(
      AffordanceProvider,
      { registry, store: createToolCallStore() },
      h(Chat, { url, ...(messages ? { messages } : {}) }),
    ),
  );
}

const toolTexts = () => screen.queryAllByTestId('message-tool').map((node) => node.textContent);

describe('useAgentChat with interrupts', () => {
  it('shows the paused call, approves it with edited arguments, and shows its result once', async () => {
    const { url, sent, model } = await start([replyFrames('Sending.', [SEND]), replyFrames('Sent 25.')]);
    mount(url);
    fireEvent.click(screen.getByText('Send'));
    // The first run of the file starts the server's model client cold: more than the default second.
    await screen.findByText('Run money_send with {"amount":40}?', undefined, { timeout: 10_000 });
    expect(screen.getByRole('group', { name: 'Approval' }).textContent).toContain('"amount": 40');
    expect(toolTexts()).toEqual([]);
    fireEvent.click(screen.getByText('Edit'));
    fireEvent.change(screen.getByLabelText('Arguments'), { target: { value: '{"amount": 25}' } });
    fireEvent.click(screen.getByText('Approve with edits'));
    await screen.findByText('Sent 25.');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('idle'));
    expect(toolTexts()).toEqual(['sent 25']);
    expect(screen.queryByRole('group', { name: 'Approval' })).toBeNull();
    expect(sent).toEqual([25]);
    expect(model.server.requests).toHaveLength(2);
  });

  it('a call that asks for input shows a form from its schema; the answer runs it, and its result shows once', async () => {
    const SHIP = { id: 'call_ship', name: 'order_ship', args: { order: 'o-7' } };
    const { url, shipped, model } = await start([replyFrames('Shipping.', [SHIP]), replyFrames('Shipped.')]);
    mount(url);
    fireEvent.click(screen.getByText('Send'));
    await screen.findByText('Which street?', undefined, { timeout: 10_000 });
    expect(screen.getByRole('form', { name: 'Question' })).toBeTruthy();
    expect(shipped).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Street/), { target: { value: '1 Main St' } });
    fireEvent.click(screen.getByText('Answer'));
    await screen.findByText('Shipped.');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('idle'));
    expect(toolTexts()).toEqual(['shipped o-7 to 1 Main St']);
    expect(screen.queryByRole('form', { name: 'Question' })).toBeNull();
    expect(shipped).toEqual(['o-7@1 Main St']);
    expect(model.server.requests).toHaveLength(2);
  });

  it('a deny from the card reaches the model, and nothing runs', async () => {
    const { url, sent } = await start([
      replyFrames('Sending.', [SEND]),
      replyFrames('Not sent, as you asked.'),
    ]);
    mount(url);
    fireEvent.click(screen.getByText('Send'));
    fireEvent.click(await screen.findByText('Deny'));
    await screen.findByText('Not sent, as you asked.');
    expect(toolTexts()).toHaveLength(1);
    expect(toolTexts()[0]).toContain('approval_denied');
    expect(sent).toEqual([]);
  });

  it('cancelling the paused run leaves the chat idle and ready for a new message', async () => {
    const { url, sent } = await start([replyFrames('Sending.', [SEND]), replyFrames('What else?')]);
    mount(url);
    fireEvent.click(screen.getByText('Send'));
    await screen.findByText('Approve');
    fireEvent.click(screen.getByText('Cancel all'));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Approval' })).toBeNull());
    expect(screen.getByTestId('status').textContent).toBe('idle');
    fireEvent.click(screen.getByText('Send'));
    await screen.findByText('What else?');
    expect(sent).toEqual([]);
  });

  it('after a reload the server announces the paused call again; approving shows its result once', async () => {
    const { url, sent } = await start([replyFrames('Sending.', [SEND]), replyFrames('Sent.')]);
    mount(url);
    fireEvent.click(screen.getByText('Send'));
    await screen.findByText('Approve');
    const saved = [...lastMessages] as never[];
    cleanup();
    mount(url, saved);
    expect(screen.queryByRole('group', { name: 'Approval' })).toBeNull();
    fireEvent.click(screen.getByText('Send'));
    await screen.findByText('Approve');
    expect(screen.getByTestId('status').textContent).toContain('waits on approvals from an earlier run');
    expect(toolTexts()).toEqual([]);
    fireEvent.click(screen.getByText('Approve'));
    await screen.findByText('Sent.');
    expect(toolTexts()).toEqual(['sent 40']);
    expect(sent).toEqual([40]);
  });
});
