import type { Message } from '@ag-ui/client';
import { createElement as h, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type UseAgentChatOptions,
  type UseAgentChatResult,
  useAgentChat,
} from '../../hooks/use-agent-chat.js';
import { InterruptCard } from '../interrupt-card.js';
import type { ChatClassNames } from './chat-class-names.js';
import { ChatComposer } from './chat-composer.js';
import { ChatMessageList, type OlderMessages } from './chat-message-list.js';
import type { ChatToolCallProps } from './chat-tool-call.js';

/** How a chat looks and reads, whoever owns it (`ChatThread` and `Chat`). */
export interface ChatViewProps {
  /** On the root, beside `classNames.root`. */
  readonly className?: string;
  readonly classNames?: ChatClassNames;
  readonly placeholder?: string;
  /** The message list's accessible name (default "Conversation"). */
  readonly label?: string;
  readonly autoFocus?: boolean;
  readonly renderMessage?: (message: Message, fallback: ReactNode) => ReactNode;
  readonly renderToolCall?: (call: ChatToolCallProps) => ReactNode;
  /**
   * The thread's earlier messages (`useThreadList()` is one): while `hasOlder`, a "Load earlier messages" button
   * tops the list; the page `loadOlder()` answers goes before the messages, the view staying where it was.
   */
  readonly older?: OlderMessages;
  /** Called each time a run ends (e.g. to refresh a thread list). */
  readonly onRunEnd?: (chat: UseAgentChatResult) => void;
  /**
   * Drawn between the messages and the composer (e.g. suggestion chips); a function gets the chat, so a prompt chip
   * can `send` its text.
   */
  readonly children?: ReactNode | ((chat: UseAgentChatResult) => ReactNode);
}

/** Props of `ChatThread`: a chat you hold (`useAgentChat()`) and how to draw it. */
export interface ChatThreadProps extends ChatViewProps {
  readonly chat: UseAgentChatResult;
}

/**
 * A whole chat over a `useAgentChat` result: the message log, the approvals the paused run waits on
 * (`InterruptCard`), the error with Retry, and the composer. Focus follows the work: to the first approval when the
 * run pauses, back to the input when it ends.
 */
export function ChatThread(props: ChatThreadProps): ReactNode {
  const { chat, classNames = {} } = props;
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const interrupts = useRef<HTMLDivElement>(null);
  const [retryProblem, setRetryProblem] = useState<string | undefined>();
  const waiting = chat.interrupts.length;
  const onRunEnd = useRef(props.onRunEnd);
  onRunEnd.current = props.onRunEnd;
  const latest = useRef(chat);
  latest.current = chat;
  const previous = useRef(chat.status);
  useEffect(() => {
    const was = previous.current;
    previous.current = chat.status;
    if (was === 'running' && chat.status !== 'running') onRunEnd.current?.(latest.current);
    // Move focus only when it is in this chat or was lost (the button that had it went away).
    const active = document.activeElement;
    const ours = !active || active === document.body || root.current?.contains(active);
    if (!ours) return;
    if (waiting > 0) {
      if (!interrupts.current?.contains(active)) interrupts.current?.querySelector('button')?.focus();
    } else if (was === 'running' && chat.status !== 'running') input.current?.focus();
  }, [chat.status, waiting]);
  const retry = () => {
    setRetryProblem(undefined);
    chat.resume().catch((error: unknown) => setRetryProblem((error as Error)?.message ?? String(error)));
  };
  const error = chat.error ?? retryProblem;
  return h(
    'div',
    {
      ref: root,
      'data-affordance': 'chat',
      'data-status': chat.status,
      className: [classNames.root, props.className].filter(Boolean).join(' ') || undefined,
    },
    h(ChatMessageList, {
      chat,
      classNames,
      ...(props.label ? { label: props.label } : {}),
      ...(props.older ? { older: props.older } : {}),
      ...(props.renderMessage ? { renderMessage: props.renderMessage } : {}),
      ...(props.renderToolCall ? { renderToolCall: props.renderToolCall } : {}),
    }),
    waiting > 0
      ? h(
          'div',
          {
            ref: interrupts,
            role: 'region',
            'aria-label': 'Waiting for your decision',
            'data-affordance': 'chat-interrupts',
            className: classNames.interrupts,
          },
          ...chat.interrupts.map((interrupt) =>
            h(InterruptCard, { key: interrupt.id, interrupt, decide: chat.decide }),
          ),
        )
      : null,
    h(
      'p',
      { role: 'status', 'data-affordance': 'chat-status', className: classNames.status },
      chat.status === 'running' ? 'The agent is working…' : '',
    ),
    error
      ? h(
          'div',
          { role: 'alert', 'data-affordance': 'chat-error', className: classNames.error },
          h('span', null, error),
          chat.status !== 'running' && waiting === 0
            ? h(
                'button',
                {
                  type: 'button',
                  onClick: retry,
                  'aria-label': 'Retry the run',
                  'data-affordance': 'chat-retry',
                  className: classNames.retry,
                },
                'Retry',
              )
            : null,
        )
      : null,
    typeof props.children === 'function' ? props.children(chat) : props.children,
    h(ChatComposer, {
      chat,
      classNames,
      inputRef: input,
      ...(props.placeholder ? { placeholder: props.placeholder } : {}),
      ...(props.autoFocus ? { autoFocus: true } : {}),
    }),
  );
}

/** Props of `Chat`: where the agent is (as for `useAgentChat`) and how to draw the chat. */
export interface ChatProps extends UseAgentChatOptions, ChatViewProps {}

/**
 * A chat that drops in: `useAgentChat` and `ChatThread` in one. A new `threadId` starts over on that thread (with
 * `messages`, e.g. from `useThreadList`). Put it inside an `AffordanceProvider`.
 */
export function Chat(props: ChatProps): ReactNode {
  return h(OwnChat, { key: props.threadId ?? '', ...props });
}

function OwnChat(props: ChatProps): ReactNode {
  const { url, agent, headers, fetch, threadId, maxFollowUps, messages, state, ...view } = props;
  const chat = useAgentChat({
    ...(url ? { url } : {}),
    ...(agent ? { agent } : {}),
    ...(headers ? { headers } : {}),
    ...(fetch ? { fetch } : {}),
    ...(threadId ? { threadId } : {}),
    ...(maxFollowUps !== undefined ? { maxFollowUps } : {}),
    ...(messages ? { messages } : {}),
    ...(state ? { state } : {}),
  });
  return h(ChatThread, { chat, ...view });
}
