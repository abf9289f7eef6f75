import {
  type ActionEntry,
  entryOfAvailable,
  type FormValues,
  filterEntries,
  type RunAction,
  registryActionRunner,
  remoteActionRunner,
  type TargetOption,
  targetIdOf,
} from '@affordance/client';
import type { AvailableQuery, RunResult } from '@affordance/core';
import { createElement as h, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useAffordance } from '../affordance-context.js';
import { useAvailableActions } from '../hooks/use-available-actions.js';
import { type PaletteSource, PaletteView } from './palette-view.js';

/** What both `CommandPalette` modes accept. */
interface CommandPaletteCommonProps {
  /** The target in view: its id fills scoped actions' target parameter. */
  readonly target?: AvailableQuery['target'];
  /** Controlled open state; without it the palette opens on Ctrl-K / ⌘-K by itself. */
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  /** Called after an action ran (directly, or through its form). */
  readonly onRun?: (result: RunResult) => void;
  readonly placeholder?: string;
  /** Render in a modal `<dialog>` (focus kept inside, backdrop click closes) instead of a `div`. */
  readonly modal?: boolean;
  /** A class for the palette; an app that sets it styles greyed entries itself (no inline opacity). */
  readonly className?: string;
  /** Shown above the search box and the form. */
  readonly header?: ReactNode;
  /** Shown below the list. */
  readonly footer?: ReactNode;
  /** The content of one option (default: the title, and the reason when unavailable). */
  readonly renderItem?: (entry: ActionEntry) => ReactNode;
  /** Open straight on this action's form (an entry, or a name looked up in the list). */
  readonly initialAction?: ActionEntry | string;
  /** With no `target` in view, a scoped action's form offers these (of its type) in a picker. */
  readonly targets?: readonly TargetOption[];
  /** Where a form starts: e.g. the target's current state, so a colour field shows the current colour. */
  readonly formValues?: FormValues;
}

/** `CommandPalette` over the provider's client-side registry, ranked by its ranker. */
export interface RegistryCommandPaletteProps extends CommandPaletteCommonProps {
  readonly limit?: number;
  readonly actions?: undefined;
}

/**
 * `CommandPalette` over actions that live on a server: the entries of `GET /api/actions` and a `run` function.
 * With `onQueryChange` the host ranks (refetching with `q`); without it the palette filters the entries itself.
 */
export interface RemoteCommandPaletteProps extends CommandPaletteCommonProps {
  readonly actions: readonly ActionEntry[];
  readonly run: RunAction;
  readonly onQueryChange?: (query: string) => void;
  /** The entries are being (re)fetched. */
  readonly loading?: boolean;
  /** Why the entries could not be fetched. */
  readonly error?: string;
  /**
   * The input parameter the target's id fills when an entry does not name it (default: the first property of a
   * scoped entry's schema, where the server puts it).
   */
  readonly targetParam?: string;
}

/** Props of `CommandPalette`: the client registry's actions, or a server's `actions` with `run`. */
export type CommandPaletteProps = RegistryCommandPaletteProps | RemoteCommandPaletteProps;

/**
 * A keyboard-first palette: Ctrl-K / ⌘-K opens it, typing ranks actions, arrows / Home / End move, Enter runs an
 * action without inputs or opens its form, Escape leaves the form then closes; unavailable actions show greyed
 * with why.
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
  if (!open) return null;
  const close = () => setOpen(false);
  return props.actions !== undefined
    ? h(RemotePalette, { ...props, close })
    : h(RegistryPalette, { ...props, close });
}

function RegistryPalette(props: RegistryCommandPaletteProps & { readonly close: () => void }): ReactNode {
  const { executeAction, registry } = useAffordance();
  const [query, setQuery] = useState('');
  const available = useAvailableActions({
    ...(props.target !== undefined ? { target: props.target } : {}),
    ...(query ? { query } : {}),
    ...(props.limit !== undefined ? { limit: props.limit } : {}),
  });
  const entries = useMemo(() => available.map(entryOfAvailable), [available]);
  const targetId = targetIdOf(props.target);
  const runner = registryActionRunner({ registry, execute: executeAction, targetId });
  const source: PaletteSource = { ...runner, entries, loading: false, error: undefined };
  return h(PaletteView, { ...viewProps(props), source, targetId, query, onQueryChange: setQuery });
}

function RemotePalette(props: RemoteCommandPaletteProps & { readonly close: () => void }): ReactNode {
  const [query, setQuery] = useState('');
  const { actions, onQueryChange } = props;
  const entries = useMemo(
    () => (onQueryChange ? actions : filterEntries(actions, query)),
    [actions, onQueryChange, query],
  );
  const targetId = targetIdOf(props.target);
  const runner = remoteActionRunner({ run: props.run, targetId, targetParam: props.targetParam });
  const source: PaletteSource = {
    ...runner,
    entries,
    loading: props.loading === true,
    error: props.error,
  };
  const changeQuery = (next: string) => {
    setQuery(next);
    onQueryChange?.(next);
  };
  return h(PaletteView, { ...viewProps(props), source, targetId, query, onQueryChange: changeQuery });
}

function viewProps(props: CommandPaletteCommonProps & { readonly close: () => void }) {
  return {
    close: props.close,
    onRun: props.onRun,
    placeholder: props.placeholder,
    modal: props.modal,
    className: props.className,
    header: props.header,
    footer: props.footer,
    renderItem: props.renderItem,
    initialAction: props.initialAction,
    targets: props.targets,
    formValues: props.formValues,
  };
}
