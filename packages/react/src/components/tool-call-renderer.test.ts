// @vitest-environment jsdom

import { createToolCallStore } from '@affordance/client';
import { createRegistry } from '@affordance/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, type ReactNode, useContext } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AffordanceContext, type AffordanceContextValue } from '../affordance-context.js';
import { AffordanceProvider } from '../affordance-provider.js';
import { useAssistantAction } from '../hooks/use-assistant-action.js';
import { useToolCall, useToolCalls } from '../hooks/use-tool-calls.js';
import { ToolCallRenderer } from './tool-call-renderer.js';

afterEach(cleanup);

function CallsProbe() {
  const one = useToolCall('b');
  const all = useToolCalls();
  return h('p', null, `${one?.status ?? 'none'}/${all.map((call) => call.id).join(',')}`);
}

function ConfirmDeletion() {
  useAssistantAction({
    name: 'confirmDeletion',
    description: 'Confirm before deleting resources',
    parameters: {
      type: 'object',
      properties: { resourceName: { type: 'string' } },
      required: ['resourceName'],
    } as const,
    render: ({ status, args, respond, result }) =>
      respond
        ? h(
            'button',
            { type: 'button', onClick: () => respond({ confirmed: true }) },
            `Delete ${args?.resourceName}?`,
          )
        : h('p', null, `${status} ${JSON.stringify(result) ?? ''}`),
  });
  return h(ToolCallRenderer, { id: 'hitl' });
}

const query = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } as const;

let captured: AffordanceContextValue | undefined;
function Capture() {
  captured = useContext(AffordanceContext);
  return null;
}

function setup() {
  let clock = 1000;
  const registry = createRegistry();
  const store = createToolCallStore({ now: () => clock++ });
  const wrapper = ({ children }: { children?: ReactNode }) =>
    h(AffordanceProvider, { registry, store }, h(Capture), children);
  return { registry, store, wrapper, context: () => captured! };
}

function SearchAction({ handler }: { handler: (args: { query: string }) => Promise<string[]> }) {
  useAssistantAction({
    name: 'web_search',
    description: 'Search the web',
    parameters: query,
    handler: (args) => handler(args),
    render: ({ status, args, result, error }) =>
      h(
        'p',
        { 'data-testid': 'search' },
        `${status}|${args?.query ?? ''}|${JSON.stringify(result) ?? ''}|${error?.code ?? ''}`,
      ),
  });
  return h(ToolCallRenderer, { id: 'c1' });
}

describe('ToolCallRenderer and the tool-call hooks', () => {
  it('walks a streamed call through pending (partial args), executing and complete', async () => {
    const { store, wrapper, context } = setup();
    let finish: (value: string[]) => void = () => {};
    render(
      h(SearchAction, {
        handler: () =>
          new Promise<string[]>((resolve) => {
            finish = resolve;
          }),
      }),
      { wrapper },
    );
    const text = () => screen.getByTestId('search').textContent;
    act(() => {
      store.apply({ type: 'tool-input-start', id: 'c1', name: 'web_search' });
      store.apply({ type: 'tool-input-delta', id: 'c1', delta: '{"query":"ams', partial: { query: 'ams' } });
    });
    expect(text()).toBe('pending|ams||');
    expect(store.get('c1')).toMatchObject({ argsText: '{"query":"ams', startedAt: 1000 });
    act(() => {
      store.apply({ type: 'tool-input-delta', id: 'c1', delta: 'terdam"}', partial: { query: 'amsterdam' } });
      store.apply({ type: 'tool-input-end', id: 'c1' });
      store.apply({ type: 'tool-call', id: 'c1', name: 'web_search', input: { query: 'amsterdam' } });
    });
    expect(text()).toBe('executing|amsterdam||');
    let run: Promise<unknown> = Promise.resolve();
    act(() => {
      run = context().executeAction('web_search', { query: 'amsterdam' }, { callId: 'c1' });
    });
    await act(async () => {
      finish(['canal cruise']);
      await run;
    });
    expect(text()).toBe('complete|amsterdam|["canal cruise"]|');
    const entry = store.get('c1')!;
    expect(entry.modelOutput).toBe('["canal cruise"]');
    expect(entry.finishedAt).toBeGreaterThan(entry.startedAt);
  });

  it('shows failed with the fix-it error when the arguments are invalid, without running the handler', async () => {
    const { wrapper, context } = setup();
    const handler = vi.fn(async () => ['never']);
    render(h(SearchAction, { handler }), { wrapper });
    let result: Awaited<ReturnType<AffordanceContextValue['executeAction']>> | undefined;
    await act(async () => {
      result = await context().executeAction('web_search', { q: 'typo' }, { callId: 'c1' });
    });
    expect(screen.getByTestId('search').textContent).toBe('failed|||invalid_args');
    expect(handler).not.toHaveBeenCalled();
    expect(result?.modelOutput).toMatch(/^Error \(invalid_args\):.*query/);
  });

  it('shows failed for a stream error part', () => {
    const { store, wrapper } = setup();
    render(h(SearchAction, { handler: async () => [] }), { wrapper });
    act(() => {
      store.apply({ type: 'tool-input-start', id: 'c1', name: 'web_search' });
      store.apply({
        type: 'tool-error',
        id: 'c1',
        name: 'web_search',
        error: { code: 'aborted', message: 'the stream was aborted' },
      });
    });
    expect(screen.getByTestId('search').textContent).toBe('failed|||aborted');
  });

  it('renders nothing for a call without a renderer, and nothing for an unknown id', () => {
    const { store, wrapper } = setup();
    const { container } = render(
      h('div', null, h(ToolCallRenderer, { id: 'x' }), h(ToolCallRenderer, { id: 'nope' })),
      { wrapper },
    );
    act(() => store.apply({ type: 'tool-input-start', id: 'x', name: 'backend_thing' }));
    expect(container.textContent).toBe('');
  });

  it('useToolCall follows one call and useToolCalls lists them all', () => {
    const { store, wrapper } = setup();
    render(h(CallsProbe), { wrapper });
    expect(screen.getByText('none/')).toBeTruthy();
    act(() => {
      store.apply({ type: 'tool-input-start', id: 'a', name: 'x' });
      store.apply({ type: 'tool-input-start', id: 'b', name: 'y' });
    });
    expect(screen.getByText('pending/a,b')).toBeTruthy();
  });

  it('pauses an action without a handler until the person responds, then returns the answer to the model', async () => {
    const { store, wrapper, context } = setup();
    render(h(ConfirmDeletion), { wrapper });
    let run: Promise<{ modelOutput: string }> = Promise.resolve({ modelOutput: '' });
    act(() => {
      store.apply({ type: 'tool-input-start', id: 'hitl', name: 'confirmDeletion' });
      store.apply({
        type: 'tool-call',
        id: 'hitl',
        name: 'confirmDeletion',
        input: { resourceName: 'index-7' },
      });
      run = context().executeAction('confirmDeletion', { resourceName: 'index-7' }, { callId: 'hitl' });
    });
    const button = await screen.findByText('Delete index-7?');
    expect(store.get('hitl')).toMatchObject({ status: 'executing', awaitingResponse: true });
    fireEvent.click(button);
    const result = await act(() => run);
    expect(result.modelOutput).toBe('{"confirmed":true}');
    expect(screen.getByText('complete {"confirmed":true}')).toBeTruthy();
  });

  it('renders an approve / deny control for an approval_required result and posts the decision', async () => {
    const { store, wrapper } = setup();
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      render(h(ToolCallRenderer, { id: 'srv' }), { wrapper });
      act(() => {
        store.apply({ type: 'tool-input-start', id: 'srv', name: 'wipe', providerExecuted: true });
        store.apply({
          type: 'tool-result',
          id: 'srv',
          name: 'wipe',
          output:
            "Error (approval_required): wipe needs a person's approval before it runs; it is waiting as apr_42",
        });
      });
      fireEvent.click(screen.getByText('Approve'));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Approved'));
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/approvals/apr_42',
        expect.objectContaining({ method: 'POST', body: '{"decision":"approve"}' }),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
