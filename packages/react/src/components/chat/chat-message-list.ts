import { contentToText, type Message } from '@ag-ui/client';
import { Fragment, createElement as h, type ReactNode, useEffect, useRef } from 'react';
import type { ChatClassNames } from './chat-class-names.js';
import { type OlderChat, type OlderMessages, useOlderButton } from './chat-older.js';
import { ChatToolCall, type ChatToolCallProps } from './chat-tool-call.js';

export type { OlderMessages } from './chat-older.js';

/** Props of `ChatMessageList`. */
export interface ChatMessageListProps {
  readonly chat: OlderChat;
  readonly classNames?: ChatClassNames;
  /** The list's accessible name (default "Conversation"). */
  readonly label?: string;
  /** Draw a message yourself; `fallback` is what the list would draw. */
  readonly renderMessage?: (message: Message, fallback: ReactNode) => ReactNode;
  /** Draw a tool call yourself (default `ChatToolCall`). */
  readonly renderToolCall?: (call: ChatToolCallProps) => ReactNode;
  /** The thread's earlier messages: a "Load earlier messages" button above the list while `hasOlder`. */
  readonly older?: OlderMessages;
}

const AUTHOR: Record<string, string> = { user: 'You', assistant: 'Agent', tool: 'Tool result' };

/**
 * The thread as a live log (`role="log"`, polite, busy while a run streams): user and assistant text, each tool
 * call with its renderer, and tool results; scrolls to the newest message. With `older`, a "Load earlier
 * messages" button above it puts earlier pages in front without moving the view.
 */
export function ChatMessageList(props: ChatMessageListProps): ReactNode {
  const { chat, classNames = {} } = props;
  const list = useRef<HTMLOListElement>(null);
  const last = chat.messages.at(-1);
  // The newest message and its length: earlier messages put in front do not scroll to the end.
  const tail = last ? `${last.role}:${last.id}:${textOf(last).length}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tail` changes whenever the newest text grows
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [tail]);
  const names = new Map<string, string>();
  for (const message of chat.messages) {
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) names.set(call.id, call.function.name);
  }
  const drawCall = props.renderToolCall ?? ((call: ChatToolCallProps) => h(ChatToolCall, call));
  const olderButton = useOlderButton(list, chat, props.older, classNames);
  const log = h(
    'ol',
    {
      ref: list,
      role: 'log',
      'aria-live': 'polite',
      'aria-label': props.label ?? 'Conversation',
      'aria-busy': chat.status === 'running',
      // A scrolling region is reached by keyboard to scroll it.
      tabIndex: 0,
      'data-affordance': 'chat-messages',
      className: classNames.messages,
    },
    ...chat.messages.flatMap((message) => {
      if (message.role !== 'user' && message.role !== 'assistant' && message.role !== 'tool') return [];
      const text = textOf(message);
      const calls = message.role === 'assistant' ? (message.toolCalls ?? []) : [];
      if (message.role === 'assistant' && text === '' && calls.length === 0) return [];
      const fallback = [
        h(
          'span',
          { key: 'author', 'data-affordance': 'chat-author', className: classNames.author },
          AUTHOR[message.role],
        ),
        message.role === 'tool'
          ? h(
              'span',
              { key: 'text', 'data-affordance': 'chat-text', className: classNames.text },
              `${names.get(message.toolCallId) ?? 'tool'}: `,
              h('code', null, text.slice(0, 200)),
            )
          : text
            ? h('div', { key: 'text', 'data-affordance': 'chat-text', className: classNames.text }, text)
            : null,
        ...calls.map((call) =>
          h(
            'div',
            { key: call.id },
            drawCall({
              id: call.id,
              name: call.function.name,
              arguments: call.function.arguments,
              ...(classNames.toolCall ? { className: classNames.toolCall } : {}),
            }),
          ),
        ),
      ];
      return [
        h(
          'li',
          {
            // A tool result may carry its call's id, which the assistant message can carry too.
            key: `${message.role}:${message.id}`,
            'data-affordance': 'chat-message',
            'data-role': message.role,
            className: classNames.message,
          },
          props.renderMessage ? props.renderMessage(message, fallback) : fallback,
        ),
      ];
    }),
  );
  return olderButton ? h(Fragment, null, olderButton, log) : log;
}

/** The text of a user, assistant or tool message (other roles, e.g. activity, have none to show). */
function textOf(message: Message): string {
  if (message.role !== 'user' && message.role !== 'assistant' && message.role !== 'tool') return '';
  return contentToText(message.content as Parameters<typeof contentToText>[0]);
}
