// @vitest-environment jsdom
// Replays the AG-UI .NET SDK integration baselines (test/fixtures/agui-events/dotnet-baselines at the repository
// root, Step03_FrontendTools; source and licence in its README.md).

import { createToolCallStore } from '@affordance/client';
import { createRegistry } from '@affordance/core';
import { MessageSchema } from '@ag-ui/core/schemas';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ReplayServer,
  readRecorded,
  startReplayServer,
} from '../../../client/test-support/agui-replay-server.js';
import { AffordanceProvider } from '../affordance-provider.js';
import { ToolCallRenderer } from '../components/tool-call-renderer.js';
import { useAgentChat } from './use-agent-chat.js';
import { useAssistantAction } from './use-assistant-action.js';

const FILE = (turn: string) =>
  `PostRun_WithFrontendToolCall_InvokesToolLocallyAndStreamsResult_Turn_${turn}.06.Response.Server.AGUI.verified.json`;
const turn = (n: string) => readRecorded<Record<string, unknown>[]>('Step03_FrontendTools', FILE(n));

let server: ReplayServer | undefined;
afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
});

function Chat({ url }: { url: string }): ReactNode {
  useAssistantAction({
    name: 'GetUserLocation',
    description: "Get the user's current location from GPS.",
    render: ({ status, respond }) =>
      respond
        ? h(
            'button',
            { type: 'button', onClick: () => respond('Amsterdam, Netherlands') },
            'Share my location',
          )
        : h('span', null, `location ${status}`),
  });
  const chat = useAgentChat({ url });
  return h(
    'div',
    null,
    h(
      'button',
      { type: 'button', onClick: () => void chat.send('What are some fun things to do near me?') },
      'Ask',
    ),
    h('p', { 'data-testid': 'status' }, chat.status),
    ...chat.messages.map((message) =>
      message.role === 'assistant' && message.toolCalls?.length
        ? h(
            'div',
            { key: message.id },
            ...message.toolCalls.map((call) => h(ToolCallRenderer, { key: call.id, id: call.id })),
          )
        : h(
            'p',
            { key: message.id, 'data-role': message.role },
            typeof message.content === 'string' ? message.content.slice(0, 40) : '',
          ),
    ),
  );
}

describe('useAgentChat', () => {
  it('renders a frontend call, waits for the person, and continues the run with their answer', async () => {
    server = await startReplayServer([turn('01'), turn('02')]);
    render(h(AffordanceProvider, { registry: createRegistry() }, h(Chat, { url: server.url })));
    fireEvent.click(screen.getByText('Ask'));
    fireEvent.click(await screen.findByText('Share my location'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('idle'));
    expect(screen.getByText('location complete')).toBeTruthy();
    expect(screen.getByText(/^Great — you’re in Amsterdam!/)).toBeTruthy();
    const sent = (server.requests[1] as { messages: unknown[] }).messages;
    expect(sent.filter((message) => (message as { role: string }).role === 'tool')).toEqual([
      expect.objectContaining({ toolCallId: 'call_Id_1', content: 'Amsterdam, Netherlands' }),
    ]);
    for (const message of sent) expect(MessageSchema.safeParse(message).error).toBeUndefined();
  });

  it('aborts the run when the component unmounts, leaving no call pending', async () => {
    server = await startReplayServer([turn('01')]);
    const store = createToolCallStore();
    const { unmount } = render(
      h(AffordanceProvider, { registry: createRegistry(), store }, h(Chat, { url: server.url })),
    );
    fireEvent.click(screen.getByText('Ask'));
    await screen.findByText('Share my location');
    expect(store.get('call_Id_1')).toMatchObject({ status: 'executing', awaitingResponse: true });
    await act(async () => unmount());
    await waitFor(() =>
      expect(store.get('call_Id_1')).toMatchObject({ status: 'failed', error: { code: 'aborted' } }),
    );
    expect(server.requests).toHaveLength(1);
  });
});
