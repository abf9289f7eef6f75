import type { ThreadSummary } from '@affordance/client';
import { createElement as h, type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { UseThreadListResult } from '../../hooks/use-thread-list.js';
import { rovingIndex } from '../roving-index.js';

/** The parts of `<ThreadList>` a class can be put on; each also has a `data-affordance` attribute. */
export type ThreadListClassNames = Partial<Record<'root' | 'create' | 'items' | 'item' | 'error', string>>;

/** Props of `ThreadList`. */
export interface ThreadListProps {
  /** `useThreadList()`. */
  readonly threads: Pick<
    UseThreadListResult,
    'threads' | 'currentId' | 'status' | 'error' | 'select' | 'create'
  >;
  readonly className?: string;
  readonly classNames?: ThreadListClassNames;
  /** The list's accessible name (default "Threads"). */
  readonly label?: string;
  /** What an item says (default its title, else "Untitled thread"). */
  readonly renderTitle?: (thread: ThreadSummary) => ReactNode;
}

/**
 * The current user's threads to switch between, and "New thread". The open one is `aria-current`; ↑/↓ move
 * between items, Home/End to the first and last.
 */
export function ThreadList(props: ThreadListProps): ReactNode {
  const { threads, classNames = {} } = props;
  const items = useRef<HTMLUListElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(items.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to = rovingIndex(event.key, index, buttons.length, { axis: 'vertical', wrap: false });
    const next = to === undefined ? undefined : buttons[to];
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  return h(
    'nav',
    {
      'aria-label': props.label ?? 'Threads',
      'aria-busy': threads.status === 'loading',
      'data-affordance': 'thread-list',
      className: [classNames.root, props.className].filter(Boolean).join(' ') || undefined,
    },
    h(
      'button',
      {
        type: 'button',
        onClick: () => threads.create(),
        'data-affordance': 'thread-create',
        className: classNames.create,
      },
      'New thread',
    ),
    threads.threads.length > 0
      ? h(
          'ul',
          { ref: items, onKeyDown, 'data-affordance': 'thread-items', className: classNames.items },
          ...threads.threads.map((thread) =>
            h(
              'li',
              { key: thread.id },
              h(
                'button',
                {
                  type: 'button',
                  'aria-current': thread.id === threads.currentId ? 'true' : undefined,
                  onClick: () => void threads.select(thread.id),
                  'data-affordance': 'thread-item',
                  className: classNames.item,
                },
                props.renderTitle ? props.renderTitle(thread) : (thread.title ?? 'Untitled thread'),
              ),
            ),
          ),
        )
      : null,
    threads.error
      ? h(
          'p',
          { role: 'alert', 'data-affordance': 'thread-error', className: classNames.error },
          threads.error,
        )
      : null,
  );
}
