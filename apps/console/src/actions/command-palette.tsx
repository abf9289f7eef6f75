import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ActionEntry, RunResult, TargetState } from '../api/types.js';
import { blockLabel } from '../canvas/block-label.js';
import { ActionItemContent } from './action-item.js';
import { SchemaForm } from './schema-form.js';
import { needsInput, targetParamOf } from './target-param.js';
import { useActionList } from './use-action-list.js';

/** Props of `CommandPalette`. */
export interface CommandPaletteProps {
  readonly api: ApiClient;
  readonly target: TargetState | undefined;
  readonly revision: number;
  /** Open straight on this action's form (chosen from the context menu). */
  readonly initial: ActionEntry | undefined;
  readonly run: (entry: ActionEntry, args: Record<string, unknown>) => Promise<RunResult>;
  readonly onClose: () => void;
}

/**
 * The command palette: a modal dialog that lists what can be done on the selected block (from the server's
 * "what can I do here?"), ranked by the typed query; ↑/↓ move, Enter opens the action's form (or runs it when it
 * needs no input), Escape leaves the form, then closes. Unavailable actions stay visible, greyed, with the reason.
 */
export function CommandPalette(props: CommandPaletteProps): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [form, setForm] = useState<ActionEntry | undefined>(props.initial);
  const [notice, setNotice] = useState<string | undefined>();
  const list = useActionList(props.api, { target: props.target, q: query }, props.revision);
  const listId = useId();
  const items = list.items;
  const current = items[Math.min(active, items.length - 1)];

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  useEffect(() => {
    if (!form) input.current?.focus();
  }, [form]);

  const runNow = async (entry: ActionEntry) => {
    const param = targetParamOf(entry);
    const result = await props.run(entry, param && props.target ? { [param]: props.target.id } : {});
    if (result.ok || (!result.ok && result.error.code === 'approval_required')) props.onClose();
    else setNotice(`${entry.title}: ${result.error.message}`);
  };
  const choose = (entry: ActionEntry | undefined) => {
    if (!entry) return;
    if (!entry.available) {
      setNotice(`${entry.title} is unavailable: ${entry.reason ?? 'not allowed here'}`);
      return;
    }
    setNotice(undefined);
    if (needsInput(entry, props.target !== undefined)) setForm(entry);
    else void runNow(entry).catch((error: Error) => setNotice(error.message));
  };

  const onListKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Home') {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      setActive(Math.max(items.length - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(current);
    }
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the keyboard way (onCancel)
    <dialog
      ref={dialog}
      className="palette"
      aria-label="Command palette"
      onCancel={(event) => {
        // Escape: leave the form first, then close.
        event.preventDefault();
        if (form) setForm(undefined);
        else props.onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) props.onClose();
      }}
    >
      <div className="palette-head">
        <span className="palette-scope">
          {props.target ? blockLabel(props.target) : 'No block selected: every action'}
          {props.target?.locked ? <span className="badge badge-locked">locked</span> : null}
        </span>
        <kbd>Esc</kbd>
      </div>
      {form ? (
        <SchemaForm
          entry={form}
          targetId={props.target?.id}
          onCancel={() => setForm(undefined)}
          onSubmit={async (args) => {
            const result = await props.run(form, args);
            if (result.ok || result.error.code === 'approval_required') props.onClose();
            return result;
          }}
        />
      ) : (
        <>
          <input
            ref={input}
            className="palette-input"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={current ? `${listId}-${current.name}` : undefined}
            aria-label="Search actions"
            placeholder={
              props.target ? `What do you want to do with ${props.target.id}?` : 'What do you want to do?'
            }
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              setNotice(undefined);
            }}
            onKeyDown={onListKey}
          />
          <div
            className="palette-list"
            role="listbox"
            id={listId}
            aria-label="Actions"
            aria-busy={list.loading}
          >
            {items.map((entry, index) => (
              <div
                key={entry.name}
                tabIndex={-1}
                id={`${listId}-${entry.name}`}
                role="option"
                data-action={entry.name}
                aria-selected={entry === current}
                aria-disabled={!entry.available}
                className={`palette-item${entry === current ? ' active' : ''}${entry.available ? '' : ' unavailable'}`}
                onMouseMove={() => setActive(index)}
                onMouseDown={(event) => {
                  event.preventDefault();
                  setActive(index);
                  choose(entry);
                }}
              >
                <ActionItemContent entry={entry} />
              </div>
            ))}
          </div>
          {!list.loading && items.length === 0 && !list.error ? (
            <p className="empty">No matching actions</p>
          ) : null}
          {list.error ? (
            <p role="alert" className="form-error">
              {list.error}
            </p>
          ) : null}
          <p className="palette-foot">
            <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> choose · <kbd>Esc</kbd> close
          </p>
        </>
      )}
      {notice ? (
        <p role="alert" className="form-error">
          {notice}
        </p>
      ) : null}
    </dialog>
  );
}
