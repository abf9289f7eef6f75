import { AffordanceProvider, useAgentChat, useAgentContext } from '@affordance/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { TargetState } from '../api/types.js';
import { SharedStateView } from './shared-state-view.js';

/** Text of an AG-UI message's content, whatever its shape. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
      .join('');
  }
  return '';
}

/** The chat with the agent over AG-UI (`POST /agui`); the server runs the tools, the timeline shows the calls. */
export function ChatPanel(props: ChatProps): ReactNode {
  return (
    <AffordanceProvider>
      <Chat {...props} />
    </AffordanceProvider>
  );
}

interface ChatProps {
  readonly model: string;
  readonly url?: string;
  /** The block selected on the canvas: app context of every run while it is selected. */
  readonly selected?: TargetState | undefined;
}

function Chat(props: ChatProps): ReactNode {
  const chat = useAgentChat({ url: props.url ?? '/agui' });
  useAgentContext({
    description: 'The block selected on the canvas',
    value: props.selected ?? null,
    enabled: props.selected !== undefined,
  });
  const [draft, setDraft] = useState('');
  const { error } = chat;
  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || chat.status === 'running') return;
    setDraft('');
    void chat.send(text);
  };
  return (
    <div className="chat">
      <p className="muted">
        Agent on <code>{props.model}</code>
      </p>
      <ol className="chat-messages" aria-live="polite">
        {chat.messages.map((message) => {
          if (message.role === 'tool') {
            return (
              <li key={message.id} className="chat-tool">
                tool result: <code>{textOf(message.content).slice(0, 200)}</code>
              </li>
            );
          }
          const calls = message.role === 'assistant' ? (message.toolCalls ?? []) : [];
          return (
            <li key={message.id} className={`chat-${message.role}`}>
              {textOf(message.content)}
              {calls.map((call) => (
                <code key={call.id} className="chat-call">
                  {call.function.name}({call.function.arguments})
                </code>
              ))}
            </li>
          );
        })}
      </ol>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <form onSubmit={send} className="chat-form">
        <label htmlFor="chat-input" className="visually-hidden">
          Message
        </label>
        <input
          id="chat-input"
          value={draft}
          placeholder="Make the first shape red"
          onChange={(event) => setDraft(event.target.value)}
        />
        {chat.status === 'running' ? (
          <button type="button" className="button-quiet" onClick={() => chat.abort()}>
            Stop
          </button>
        ) : (
          <button type="submit" className="button-primary" disabled={!draft.trim()}>
            Send
          </button>
        )}
      </form>
      <SharedStateView chat={chat.chat} />
    </div>
  );
}
