import type { AvailableAction, AvailableQuery, RunResult } from '@affordance/core';
import { createElement as h, type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useAffordance } from '../affordance-context.js';
import { useAvailableActions } from '../hooks/use-available-actions.js';
import { ActionForm } from './action-form.js';

/** Props of `CommandPalette`. */
export interface CommandPaletteProps {
  /** The target in view; actions for other targets are greyed out with their reason. */
  readonly target?: AvailableQuery['target'];
  /** Controlled open state; without it the palette opens on Ctrl-K / ⌘-K by itself. */
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  /** Called after an action ran (directly, or through its form). */
  readonly onRun?: (result: RunResult) => void;
  readonly placeholder?: string;
  readonly limit?: number;
}

/**
 * A keyboard-first palette: Ctrl-K / ⌘-K opens it, typing ranks actions through the registry, arrows move,
 * Enter runs an action without inputs or opens its form, Escape closes; unavailable actions show greyed with why.
 */
export function CommandPalette(props: CommandPaletteProps): ReactNode {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (props.open === undefined) setOwnOpen(next);
    props.onOpenChange?.(next);
  };
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (props.open === undefined) setOwnOpen((was) => !was);
        props.onOpenChange?.(!open);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  return open ? h(PaletteBody, { ...props, close: () => setOpen(false) }) : null;
}

function PaletteBody(props: CommandPaletteProps & { readonly close: () => void }): ReactNode {
  const { executeAction, registry } = useAffordance();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [formFor, setFormFor] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const listId = useId();
  const items = useAvailableActions({
    ...(props.target !== undefined ? { target: props.target } : {}),
    ...(query ? { query } : {}),
    ...(props.limit !== undefined ? { limit: props.limit } : {}),
  });
  const current = items[Math.min(active, items.length - 1)];
  const targetId = props.target && typeof props.target === 'object' ? { id: props.target.id } : undefined;

  const choose = async (item: AvailableAction | undefined) => {
    if (!item?.available) return;
    if (Object.keys((item.action.inputJsonSchema.properties ?? {}) as object).length > 0) {
      setFormFor(item.name);
      return;
    }
    const result = await executeAction(
      item.name,
      targetId && item.action.scope ? { [item.action.targetParam ?? registry.targetParam]: targetId.id } : {},
    );
    props.onRun?.(result);
    if (result.ok) props.close();
    else setError(result.error.message);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => Math.min(index + 1, items.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Enter':
        event.preventDefault();
        void choose(current);
        break;
      case 'Escape':
        event.preventDefault();
        if (formFor) setFormFor(undefined);
        else props.close();
        break;
    }
  };

  if (formFor) {
    return h(
      'div',
      { role: 'dialog', 'aria-label': 'Command palette', onKeyDown, 'data-affordance': 'command-palette' },
      h(ActionForm, {
        name: formFor,
        ...(targetId ? { target: targetId } : {}),
        onResult: (result: RunResult) => {
          props.onRun?.(result);
          if (result.ok) props.close();
        },
      }),
    );
  }
  return h(
    'div',
    { role: 'dialog', 'aria-label': 'Command palette', 'data-affordance': 'command-palette' },
    h('input', {
      role: 'combobox',
      'aria-expanded': true,
      'aria-controls': listId,
      'aria-activedescendant': current ? `${listId}-${current.name}` : undefined,
      autoFocus: true,
      placeholder: props.placeholder ?? 'What do you want to do?',
      value: query,
      onChange: (event: { target: HTMLInputElement }) => {
        setQuery(event.target.value);
        setActive(0);
        setError(undefined);
      },
      onKeyDown,
    }),
    h(
      'ul',
      { role: 'listbox', id: listId },
      ...items.map((item) =>
        h(
          'li',
          {
            key: item.name,
            id: `${listId}-${item.name}`,
            role: 'option',
            'aria-selected': item === current,
            'aria-disabled': !item.available,
            style: item.available ? undefined : { opacity: 0.5 },
            onMouseDown: (event: { preventDefault(): void }) => {
              event.preventDefault();
              void choose(item);
            },
          },
          item.action.title ?? item.name,
          item.reason ? h('small', null, ` — ${item.reason}`) : null,
        ),
      ),
    ),
    items.length === 0 ? h('p', null, 'No matching actions') : null,
    error ? h('p', { role: 'alert' }, error) : null,
  );
}
