// @vitest-environment jsdom
// App context and shared state from React, against a local AG-UI endpoint replaying the AG-UI .NET SDK baseline
// Step05_StateManagement (test/fixtures/agui-events/dotnet-baselines at the repository root; source and licence in
// its README.md).
import { createAgentContext, createSharedState } from '@affordance/client';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, type ReactNode, StrictMode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ReplayServer,
  readRecorded,
  startReplayServer,
} from '../../../client/test-support/agui-replay-server.js';
import { AffordanceProvider } from '../affordance-provider.js';
import { useAgentChat } from './use-agent-chat.js';
import { useAgentContext } from './use-agent-context.js';
import { useAgentState } from './use-agent-state.js';

const STEP05 = readRecorded<Record<string, unknown>[]>(
  'Step05_StateManagement',
  'PostRun_WithState_EmitsStateSnapshotAndSummary_Turn_01.06.Response.Server.AGUI.verified.json',
);

let server: ReplayServer | undefined;
afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
});

function Document({ name, inside }: { name: string; inside?: (id: string) => ReactNode }): ReactNode {
  const id = useAgentContext({ description: 'Open document', value: { name } });
  return h('section', null, inside?.(id));
}

function Selection({ parentId, shapes }: { parentId: string; shapes: string[] }): ReactNode {
  useAgentContext({ description: 'Selection', value: shapes, parentId });
  return null;
}

describe('useAgentContext', () => {
  it('adds entries while mounted, nested under their parent, and removes them on unmount', () => {
    const agentContext = createAgentContext();
    function App({ open, shapes }: { open: boolean; shapes: string[] }): ReactNode {
      return h(
        AffordanceProvider,
        { agentContext },
        open
          ? h(Document, {
              name: 'q3',
              inside: (id: string) => h(Selection, { parentId: id, shapes }),
            })
          : null,
      );
    }
    const view = render(h(StrictMode, null, h(App, { open: true, shapes: ['shape-1'] })));
    expect(agentContext.toAgui()).toEqual([
      { description: 'Open document', value: '{"name":"q3"}' },
      { description: 'Open document › Selection', value: '["shape-1"]' },
    ]);
    view.rerender(h(StrictMode, null, h(App, { open: true, shapes: ['shape-1', 'shape-2'] })));
    expect(agentContext.toAgui()[1]).toEqual({
      description: 'Open document › Selection',
      value: '["shape-1","shape-2"]',
    });
    view.rerender(h(StrictMode, null, h(App, { open: false, shapes: [] })));
    expect(agentContext.toAgui()).toEqual([]);
    expect(agentContext.entries()).toEqual([]);
  });
});

describe('useAgentState', () => {
  it('re-renders on a delta and on setState, and refuses a bad delta without changing what is shown', () => {
    const state = createSharedState({ count: 1 });
    function Counter(): ReactNode {
      const [value, setValue] = useAgentState<{ count: number }>(state);
      return h(
        'button',
        { type: 'button', onClick: () => setValue((current) => ({ count: current.count + 1 })) },
        `count ${value.count}`,
      );
    }
    render(h(Counter));
    act(() => state.applyDelta([{ op: 'replace', path: '/count', value: 5 }]));
    expect(screen.getByRole('button').textContent).toBe('count 5');
    fireEvent.click(screen.getByRole('button'));
    expect(state.get()).toEqual({ count: 6 });
    expect(() => act(() => state.applyDelta([{ op: 'remove', path: '/missing' }]))).toThrow(/does not apply/);
    expect(screen.getByRole('button').textContent).toBe('count 6');
  });

  it("sends the app context and the user's edit with a run, and shows the agent's snapshot", async () => {
    server = await startReplayServer([STEP05]);
    function Chat({ url }: { url: string }): ReactNode {
      const [page] = useState('carbonara');
      useAgentContext({ description: 'Recipe page', value: page });
      const chat = useAgentChat({ url, state: { recipe: { title: 'draft' } } });
      const [state, setState] = useAgentState<{ recipe: { title: string } }>(chat.chat);
      return h(
        'div',
        null,
        h('p', { 'data-testid': 'title' }, state.recipe.title),
        h(
          'button',
          { type: 'button', onClick: () => setState({ recipe: { title: 'my carbonara' } }) },
          'Rename',
        ),
        h('button', { type: 'button', onClick: () => void chat.send('Give me a recipe') }, 'Ask'),
        h('p', { 'data-testid': 'status' }, chat.status),
      );
    }
    render(h(AffordanceProvider, null, h(Chat, { url: server.url })));
    fireEvent.click(screen.getByText('Rename'));
    expect(screen.getByTestId('title').textContent).toBe('my carbonara');
    fireEvent.click(screen.getByText('Ask'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('idle'));
    await waitFor(() => expect(screen.getByTestId('title').textContent).toMatch(/Carbonara/));
    expect(server.requests[0]).toMatchObject({
      context: [{ description: 'Recipe page', value: 'carbonara' }],
      state: { recipe: { title: 'my carbonara' } },
    });
  });
});
