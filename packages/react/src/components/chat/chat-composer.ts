import {
  type FormEvent,
  createElement as h,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useState,
} from 'react';
import type { UseAgentChatResult } from '../../hooks/use-agent-chat.js';
import type { ChatClassNames } from './chat-class-names.js';

/** Props of `ChatComposer`. */
export interface ChatComposerProps {
  readonly chat: Pick<UseAgentChatResult, 'send' | 'abort' | 'status' | 'interrupts'>;
  readonly classNames?: ChatClassNames;
  readonly placeholder?: string;
  /** The input's accessible name (default "Message"). */
  readonly label?: string;
  readonly autoFocus?: boolean;
  readonly inputRef?: Ref<HTMLTextAreaElement>;
}

/**
 * Where the person writes: Enter sends, Shift+Enter makes a new line. While a run goes on the input stays
 * focusable but takes no message (`aria-disabled`), Send becomes Stop, and Escape stops the run too.
 */
export function ChatComposer(props: ChatComposerProps): ReactNode {
  const { chat, classNames = {} } = props;
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const running = chat.status === 'running';
  const waiting = chat.interrupts.length > 0;
  const busy = running || waiting;
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || busy) return;
    setDraft('');
    setProblem(undefined);
    chat.send(text).catch((error: unknown) => {
      setDraft(text);
      setProblem((error as Error)?.message ?? String(error));
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && running) {
      event.preventDefault();
      chat.abort();
    }
  };
  return h(
    'form',
    { onSubmit: send, 'data-affordance': 'chat-composer', className: classNames.composer },
    h('textarea', {
      ref: props.inputRef,
      rows: 1,
      value: draft,
      placeholder: props.placeholder,
      'aria-label': props.label ?? 'Message',
      'aria-disabled': busy || undefined,
      readOnly: busy,
      autoFocus: props.autoFocus,
      onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
      onKeyDown,
      'data-affordance': 'chat-input',
      className: classNames.input,
    }),
    running
      ? h(
          'button',
          {
            type: 'button',
            onClick: () => chat.abort(),
            'aria-label': 'Stop the run',
            'data-affordance': 'chat-stop',
            className: classNames.stop,
          },
          'Stop',
        )
      : h(
          'button',
          {
            type: 'submit',
            disabled: !draft.trim() || waiting,
            'data-affordance': 'chat-send',
            className: classNames.send,
          },
          'Send',
        ),
    problem
      ? h('p', { role: 'alert', 'data-affordance': 'chat-error', className: classNames.error }, problem)
      : null,
  );
}
