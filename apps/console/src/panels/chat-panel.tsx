import { AffordanceProvider, Chat, ThreadList, useAgentContext, useThreadList } from '@affordance/react';
import { type ReactNode, useRef } from 'react';
import type { TargetState } from '../api/types.js';
import { SharedStateView } from './shared-state-view.js';

/** Props of `ChatPanel`: the model's name, and how to reach the server as the signed-in user. */
export interface ChatPanelProps {
  readonly model: string;
  /** The AG-UI endpoint (default `/agui` under `baseUrl`). */
  readonly url?: string;
  readonly baseUrl?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Chips shown above the message box; `send` sends a prompt chip's text. */
  readonly suggestions?: ((send: (text: string) => void) => ReactNode) | undefined;
  /** The block selected on the canvas: app context of every run while it is selected. */
  readonly selected?: TargetState | undefined;
}

/**
 * The chat with the agent over AG-UI (`POST /agui`), built from `@affordance/react`'s `Chat` and `ThreadList`:
 * the server runs the tools, the timeline shows the calls, and past threads reopen from the store.
 */
export function ChatPanel(props: ChatPanelProps): ReactNode {
  return (
    <AffordanceProvider>
      <ConsoleChat {...props} />
    </AffordanceProvider>
  );
}

function ConsoleChat(props: ChatPanelProps): ReactNode {
  const baseUrl = props.baseUrl ?? '';
  const headers = { ...props.headers };
  const threads = useThreadList({ baseUrl, headers });
  // After a switch to another thread (or a new one) the input takes the focus; not when the tab opens.
  const shown = useRef({ id: threads.currentId, switched: false });
  if (shown.current.id !== threads.currentId) shown.current = { id: threads.currentId, switched: true };
  useAgentContext({
    description: 'The block selected on the canvas',
    value: props.selected ?? null,
    enabled: props.selected !== undefined,
  });
  return (
    <div className="chat-panel">
      <p className="muted chat-model">
        Agent on <code>{props.model}</code>
      </p>
      <ThreadList threads={threads} className="thread-list" classNames={{ create: 'button-quiet' }} />
      <Chat
        url={props.url ?? `${baseUrl}/agui`}
        headers={headers}
        threadId={threads.currentId}
        messages={threads.messages}
        className="chat"
        classNames={{
          messages: 'chat-messages',
          composer: 'chat-form',
          send: 'button-primary',
          stop: 'button-quiet',
          error: 'form-error',
          retry: 'button-quiet',
        }}
        placeholder="Make the first shape red"
        autoFocus={shown.current.switched}
        onRunEnd={() => void threads.refresh()}
      >
        {(chat) => (
          <>
            {props.suggestions?.((text) => chat.status !== 'running' && void chat.send(text))}
            <SharedStateView chat={chat.chat} />
          </>
        )}
      </Chat>
    </div>
  );
}
