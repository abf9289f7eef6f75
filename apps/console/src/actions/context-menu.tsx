import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ActionEntry, TargetState } from '../api/types.js';
import { blockLabel } from '../canvas/block-label.js';
import { ActionItemContent } from './action-item.js';
import { useActionList } from './use-action-list.js';

/** Props of `ContextMenu`. */
export interface ContextMenuProps {
  readonly api: ApiClient;
  readonly target: TargetState;
  readonly at: { readonly x: number; readonly y: number };
  readonly revision: number;
  readonly onChoose: (entry: ActionEntry) => void;
  readonly onClose: () => void;
}

/**
 * The context menu of a block: what can be done on it, unavailable entries greyed with their reason. Arrow keys
 * move, Enter chooses, Escape (or a click elsewhere) closes.
 */
export function ContextMenu(props: ContextMenuProps): ReactNode {
  const menu = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const list = useActionList(props.api, { target: props.target, q: '' }, props.revision);
  const items = list.items;
  const { onClose } = props;

  useEffect(() => {
    const onDown = (event: MouseEvent) => {
      if (menu.current && !menu.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [onClose]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the active item, and the first item once loaded
  useEffect(() => {
    const item = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active];
    (item ?? menu.current)?.focus();
  }, [active, items.length]);

  const choose = (entry: ActionEntry | undefined) => {
    if (entry?.available) props.onChoose(entry);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active + 1) % Math.max(items.length, 1),
      ArrowUp: () => (active - 1 + items.length) % Math.max(items.length, 1),
      Home: () => 0,
      End: () => Math.max(items.length - 1, 0),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(items[active]);
    }
  };

  // Keep the menu on screen on a laptop display.
  const left = Math.min(props.at.x, window.innerWidth - 320);
  const top = Math.min(props.at.y, window.innerHeight - 380);
  return (
    <div
      ref={menu}
      className="context-menu"
      role="menu"
      tabIndex={-1}
      aria-label={`Actions for ${blockLabel(props.target)}`}
      style={{ left: Math.max(8, left), top: Math.max(8, top) }}
      onKeyDown={onKeyDown}
    >
      <div className="context-menu-head">{blockLabel(props.target)}</div>
      {list.loading && items.length === 0 ? <p className="muted">Loading…</p> : null}
      {list.error ? <p className="form-error">{list.error}</p> : null}
      {items.map((entry, index) => (
        <div
          key={entry.name}
          role="menuitem"
          tabIndex={index === active ? 0 : -1}
          data-action={entry.name}
          aria-disabled={!entry.available}
          className={`menu-item${entry.available ? '' : ' unavailable'}`}
          onMouseEnter={() => setActive(index)}
          onClick={() => choose(entry)}
          onKeyDown={() => undefined}
        >
          <ActionItemContent entry={entry} compact />
        </div>
      ))}
    </div>
  );
}
