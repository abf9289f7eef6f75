import { type ActionEntry, entryOfAvailable } from '@affordance/client';
import type { AvailableQuery } from '@affordance/core';
import {
  createElement as h,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useMemo,
  useState,
} from 'react';
import { useAvailableActions } from '../hooks/use-available-actions.js';
import { ActionMenu, type ActionMenuProps } from './action-menu.js';

/** Props of `ActionContextMenu`. */
export interface ActionContextMenuProps
  extends Omit<ActionMenuProps, 'at' | 'onClose' | 'actions' | 'onChoose'> {
  /** The element(s) the menu belongs to: right-click, Shift+F10 or the Menu key on them opens it. */
  readonly children?: ReactNode;
  /**
   * The entries (e.g. from `GET /api/actions` for the target); without them, the provider's registry lists what
   * can be done on `target`.
   */
  readonly actions?: readonly ActionEntry[];
  /** The target the menu is about (used with the provider's registry). */
  readonly target?: AvailableQuery['target'];
  /** Called with the chosen available entry; the menu closes first. */
  readonly onChoose: (entry: ActionEntry) => void;
  readonly onOpenChange?: (open: boolean) => void;
  /** The wrapping element (default `div`). */
  readonly as?: 'div' | 'span' | 'li' | 'section';
  /** A class for the wrapping element. */
  readonly triggerClassName?: string;
}

/**
 * Wraps any element with a context menu of actions: right-click (or Shift+F10 / the Menu key on a focused element
 * inside) opens an `ActionMenu` with what can be done there, unavailable entries greyed with their reason.
 */
export function ActionContextMenu(props: ActionContextMenuProps): ReactNode {
  const [at, setAt] = useState<{ x: number; y: number } | undefined>();
  const { children, actions, target, onChoose, onOpenChange, as, triggerClassName, ...menu } = props;
  const open = (point: { x: number; y: number }) => {
    setAt(point);
    onOpenChange?.(true);
  };
  const close = () => {
    setAt(undefined);
    onOpenChange?.(false);
  };
  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    open({ x: event.clientX, y: event.clientY });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (at || !((event.shiftKey && event.key === 'F10') || event.key === 'ContextMenu')) return;
    event.preventDefault();
    const box = (event.target as HTMLElement).getBoundingClientRect();
    open({ x: box.left, y: box.bottom + 4 });
  };
  const shared = {
    ...menu,
    at: at ?? { x: 0, y: 0 },
    onClose: close,
    onChoose: (entry: ActionEntry) => {
      close();
      onChoose(entry);
    },
  };
  return h(
    as ?? 'div',
    { className: triggerClassName, 'data-affordance': 'action-context-menu', onContextMenu, onKeyDown },
    children,
    at
      ? actions !== undefined
        ? h(ActionMenu, { key: 'menu', ...shared, actions })
        : h(RegistryActionMenu, { key: 'menu', ...shared, target })
      : null,
  );
}

function RegistryActionMenu(
  props: Omit<ActionMenuProps, 'actions'> & { readonly target: AvailableQuery['target'] },
): ReactNode {
  const { target, ...menu } = props;
  const available = useAvailableActions(target !== undefined ? { target } : {});
  const actions = useMemo(() => available.map(entryOfAvailable), [available]);
  return h(ActionMenu, { ...menu, actions });
}
