import {
  type ActionEntry,
  type ActionRunner,
  entryTitle,
  type FormValues,
  needsInput,
  type TargetOption,
} from '@affordance/client';
import type { RunResult } from '@affordance/core';
import {
  createElement as h,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { EntryForm } from './entry-form.js';

/** Where a palette's actions come from and how they run: the client registry or a server. */
export interface PaletteSource extends ActionRunner {
  readonly entries: readonly ActionEntry[];
  readonly loading: boolean;
  readonly error: string | undefined;
}

/** Everything the palette view shows and calls; `CommandPalette` builds it. */
export interface PaletteViewProps {
  readonly source: PaletteSource;
  readonly targetId: string | undefined;
  readonly query: string;
  readonly onQueryChange: (query: string) => void;
  readonly close: () => void;
  readonly onRun?: ((result: RunResult) => void) | undefined;
  readonly placeholder?: string | undefined;
  readonly modal?: boolean | undefined;
  readonly className?: string | undefined;
  readonly header?: ReactNode;
  readonly footer?: ReactNode;
  readonly renderItem?: ((entry: ActionEntry) => ReactNode) | undefined;
  readonly initialAction?: ActionEntry | string | undefined;
  readonly targets?: readonly TargetOption[] | undefined;
  readonly formValues?: FormValues | undefined;
}

/** The body of `CommandPalette`: the search box and ranked list, or the chosen action's form. */
export function PaletteView(props: PaletteViewProps): ReactNode {
  const { source } = props;
  const [active, setActive] = useState(0);
  const [formFor, setFormFor] = useState<ActionEntry | string | undefined>(props.initialAction);
  const [notice, setNotice] = useState<string | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const items = source.entries;
  const current = items[Math.min(active, items.length - 1)];
  const form = typeof formFor === 'string' ? items.find((entry) => entry.name === formFor) : formFor;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open && typeof element.showModal === 'function') element.showModal();
    return () => element?.close?.();
  }, []);

  const finish = (entry: ActionEntry, result: RunResult) => {
    props.onRun?.(result);
    // Done, or queued for a person to approve: either way nothing more to do here.
    if (result.ok || result.error.code === 'approval_required') props.close();
    else setNotice(`${entryTitle(entry)}: ${result.error.message}`);
  };
  const choose = (entry: ActionEntry | undefined) => {
    if (!entry) return;
    if (!entry.available) {
      setNotice(`${entryTitle(entry)} is unavailable: ${entry.reason ?? 'not allowed here'}`);
      return;
    }
    setNotice(undefined);
    if (needsInput(entry, source.hiddenParam(entry))) setFormFor(entry);
    else
      source.run(entry, {}).then(
        (result) => finish(entry, result),
        (error: unknown) => setNotice(error instanceof Error ? error.message : String(error)),
      );
  };
  const goBack = () => {
    if (formFor !== undefined) setFormFor(undefined);
    else props.close();
  };
  const moves: Record<string, (index: number) => number> = {
    ArrowDown: (index) => Math.min(index + 1, items.length - 1),
    ArrowUp: (index) => Math.max(index - 1, 0),
    Home: () => 0,
    End: () => Math.max(items.length - 1, 0),
  };
  const onListKey = (event: KeyboardEvent) => {
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActive(move);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(current);
    }
  };

  const body = form
    ? [
        h(EntryForm, {
          key: `form-${form.name}`,
          entry: form,
          hiddenParam: source.hiddenParam(form),
          targetId: props.targetId,
          targetParam: source.targetParam(form),
          targets: props.targets,
          formValues: props.formValues,
          query: props.query,
          run: (args: Record<string, unknown>) => source.run(form, args),
          onResult: (result: RunResult) => {
            props.onRun?.(result);
            if (result.ok || result.error.code === 'approval_required') props.close();
          },
          onCancel: () => setFormFor(undefined),
        }),
      ]
    : listView();

  function listView(): ReactNode[] {
    return [
      h('input', {
        key: 'input',
        role: 'combobox',
        'aria-expanded': true,
        'aria-controls': listId,
        'aria-autocomplete': 'list',
        'aria-activedescendant': current ? `${listId}-${current.name}` : undefined,
        'aria-label': 'Search actions',
        autoFocus: true,
        placeholder: props.placeholder ?? 'What do you want to do?',
        value: props.query,
        onChange: (event: { target: HTMLInputElement }) => {
          props.onQueryChange(event.target.value);
          setActive(0);
          setNotice(undefined);
        },
        onKeyDown: onListKey,
      }),
      h(
        'ul',
        { key: 'list', role: 'listbox', id: listId, 'aria-label': 'Actions', 'aria-busy': source.loading },
        ...items.map((entry, index) =>
          h(
            'li',
            {
              key: entry.name,
              id: `${listId}-${entry.name}`,
              role: 'option',
              'data-action': entry.name,
              'aria-selected': entry === current,
              'aria-disabled': !entry.available,
              // An app that styles the palette (className) greys unavailable entries itself.
              style: entry.available || props.className ? undefined : { opacity: 0.5 },
              onMouseMove: () => setActive(index),
              onMouseDown: (event: { preventDefault(): void }) => {
                event.preventDefault();
                setActive(index);
                choose(entry);
              },
            },
            ...(props.renderItem
              ? [props.renderItem(entry)]
              : [entryTitle(entry), entry.reason ? h('small', null, ` — ${entry.reason}`) : null]),
          ),
        ),
      ),
      !source.loading && items.length === 0 && !source.error
        ? h('p', { key: 'empty' }, 'No matching actions')
        : null,
      source.error ? h('p', { key: 'error', role: 'alert' }, source.error) : null,
      props.footer ? h('div', { key: 'footer', 'data-affordance': 'palette-footer' }, props.footer) : null,
    ];
  }

  const content = [
    props.header ? h('div', { key: 'header', 'data-affordance': 'palette-header' }, props.header) : null,
    ...body,
    notice ? h('p', { key: 'notice', role: 'alert' }, notice) : null,
  ];
  const common = {
    'aria-label': 'Command palette',
    'data-affordance': 'command-palette',
    className: props.className,
  };
  if (!props.modal) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      goBack();
    };
    return h('div', { ...common, role: 'dialog', onKeyDown }, ...content);
  }
  return h(
    'dialog',
    {
      ...common,
      ref: dialog,
      // Escape (the dialog's cancel): leave the form first, then close.
      onCancel: (event: { preventDefault(): void }) => {
        event.preventDefault();
        goBack();
      },
      onClick: (event: { target: unknown }) => {
        if (event.target === dialog.current) props.close();
      },
    },
    ...content,
  );
}
