import type { Message } from '@ag-ui/client';
import { createElement as h, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { UseAgentChatResult } from '../../hooks/use-agent-chat.js';
import type { ChatClassNames } from './chat-class-names.js';

/** Where a thread's earlier messages come from (`useThreadList()` is one). */
export interface OlderMessages {
  /** There are messages before the first one the chat holds. */
  readonly hasOlder: boolean;
  /** Read the page before; answers its messages (`[]` when none came). */
  readonly loadOlder: () => Promise<readonly Message[]>;
}

/** The chat a "Load earlier messages" button fills. */
export type OlderChat = Pick<UseAgentChatResult, 'messages' | 'status'> &
  Partial<Pick<UseAgentChatResult, 'prepend'>>;

/**
 * The "Load earlier messages" button over `list`: it puts the page `loadOlder()` answers before the messages and
 * keeps the view on the messages it showed (the scroll grows by what was added above). Focus stays on the button,
 * or moves to the list when the first message is reached and the button goes. Answers no button while nothing
 * is older, or the chat cannot `prepend`; it waits while a run streams.
 */
export function useOlderButton(
  list: RefObject<HTMLOListElement | null>,
  chat: OlderChat,
  older: OlderMessages | undefined,
  classNames: ChatClassNames,
): ReactNode {
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const shown = Boolean(older?.hasOlder && chat.prepend);
  // Where the list was scrolled before a page went in above (and its messages then), and whether the button had
  // focus: the first render with the page moves the view by what was added; the button going moves the focus.
  const kept = useRef<
    { height: number; top: number; focused: boolean; messages: unknown; moved?: boolean } | undefined
  >(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `list` is a ref; the effect follows what is drawn
  useLayoutEffect(() => {
    const element = list.current;
    const was = kept.current;
    if (!element || !was) return;
    if (!was.moved && chat.messages !== was.messages) {
      element.scrollTop = was.top + (element.scrollHeight - was.height);
      was.moved = true;
    }
    if (was.focused && !shown) {
      kept.current = undefined;
      const active = document.activeElement;
      if (!active || active === document.body) element.focus();
    }
  }, [chat.messages, shown]);
  const { prepend } = chat;
  if (!older || !shown || !prepend) return null;
  const busy = loading || chat.status === 'running';
  const load = async () => {
    if (busy) return;
    kept.current = undefined;
    setLoading(true);
    try {
      const messages = await older.loadOlder();
      const element = list.current;
      if (messages.length > 0 && element) {
        const focused = document.activeElement === button.current;
        const at = { height: element.scrollHeight, top: element.scrollTop };
        kept.current = { ...at, focused, messages: chat.messages };
      }
      prepend(messages);
    } finally {
      setLoading(false);
    }
  };
  return h(
    'button',
    {
      ref: button,
      type: 'button',
      // Not `disabled`: a disabled button drops the focus it has.
      'aria-disabled': busy,
      'aria-busy': loading,
      onClick: () => void load().catch(() => undefined),
      'data-affordance': 'chat-older',
      className: classNames.older,
    },
    loading ? 'Loading earlier messages…' : 'Load earlier messages',
  );
}
