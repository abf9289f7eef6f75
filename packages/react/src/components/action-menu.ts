import { type ActionEntry, entryTitle } from '@affordance/client';
import {
  createElement as h,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { rovingIndex } from './roving-index.js';

/** Props of `ActionMenu`. */
export interface ActionMenuProps {
  /** The entries, unavailable ones included (shown greyed with their reason). */
  readonly actions: readonly ActionEntry[];
  /** Where the menu opens, in viewport pixels; it is moved to stay on screen. */
  readonly at: { readonly x: number; readonly y: number };
  /** Called with an available entry chosen by click, Enter or Space. */
  readonly onChoose: (entry: ActionEntry) => void;
  /** Escape, Tab or a click elsewhere. */
  readonly onClose: () => void;
  /** The menu's accessible name (default `Actions`). */
  readonly label?: string;
  /** Shown above the entries (e.g. what the menu is for). */
  readonly header?: ReactNode;
  readonly loading?: boolean;
  readonly error?: string | undefined;
  /** The content of one entry (default: the title, and the reason when unavailable). */
  readonly renderItem?: (entry: ActionEntry) => ReactNode;
  /** A class for the menu; an app that sets it styles greyed entries itself (no inline opacity). */
  readonly className?: string;
  /** A class for each entry. */
  readonly itemClassName?: string | ((entry: ActionEntry) => string | undefined);
}

/**
 * A menu of actions at a point (ARIA `menu`): ↑ ↓ Home End move, Enter or Space chooses an available entry,
 * Escape, Tab or a click elsewhere closes, and focus returns to where it was when the menu opened.
 */
export function ActionMenu(props: ActionMenuProps): ReactNode {
  const menu = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const { actions: items, onClose } = props;

  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const element = menu.current;
    const onDown = (event: MouseEvent) => {
      if (element && !element.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      // Back where the menu was opened from, unless something else took the focus meanwhile.
      const now = document.activeElement;
      if (opener?.isConnected && (now === null || now === document.body || element?.contains(now)))
        opener.focus();
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the active item, and the first item once loaded
  useEffect(() => {
    const item = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active];
    (item ?? menu.current)?.focus();
  }, [active, items.length]);
  // Keep the menu on screen: measured once drawn.
  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    element.style.left = `${Math.max(8, Math.min(props.at.x, window.innerWidth - box.width - 8))}px`;
    element.style.top = `${Math.max(8, Math.min(props.at.y, window.innerHeight - box.height - 8))}px`;
  });

  const choose = (entry: ActionEntry | undefined) => {
    if (entry?.available) props.onChoose(entry);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = rovingIndex(event.key, active, items.length, { axis: 'vertical', wrap: true });
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(items[active]);
    }
  };
  const itemClass = (entry: ActionEntry) =>
    typeof props.itemClassName === 'function' ? props.itemClassName(entry) : props.itemClassName;

  return h(
    'div',
    {
      ref: menu,
      role: 'menu',
      tabIndex: -1,
      'aria-label': props.label ?? 'Actions',
      'aria-busy': props.loading === true,
      'data-affordance': 'action-menu',
      className: props.className,
      style: { position: 'fixed', left: props.at.x, top: props.at.y },
      onKeyDown,
    },
    props.header ? h('div', { key: 'header', 'data-affordance': 'action-menu-header' }, props.header) : null,
    props.loading && items.length === 0 ? h('p', { key: 'loading' }, 'Loading…') : null,
    props.error ? h('p', { key: 'error', role: 'alert' }, props.error) : null,
    ...items.map((entry, index) =>
      h(
        'div',
        {
          key: entry.name,
          role: 'menuitem',
          tabIndex: index === active ? 0 : -1,
          'data-action': entry.name,
          'aria-disabled': !entry.available,
          className: itemClass(entry),
          style: entry.available || props.className ? undefined : { opacity: 0.5 },
          onMouseEnter: () => setActive(index),
          onClick: () => choose(entry),
        },
        props.renderItem
          ? props.renderItem(entry)
          : [
              entryTitle(entry),
              entry.available ? null : h('small', { key: 'reason' }, ` — ${entry.reason ?? 'unavailable'}`),
            ],
      ),
    ),
  );
}
