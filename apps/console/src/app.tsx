import { entryTargetParam, needsInput } from '@affordance/react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ActionPalette } from './actions/action-palette.js';
import { ContextMenu } from './actions/context-menu.js';
import { SuggestionRow } from './actions/suggestion-row.js';
import type { ApiClient } from './api/api-client.js';
import type { ActionEntry, RunResult, TargetState } from './api/types.js';
import { blockLabel } from './canvas/block-label.js';
import { CanvasView } from './canvas/canvas-view.js';
import { AuditPanel } from './panels/audit-panel.js';
import { SidePanels } from './panels/side-panels.js';
import { useConsoleData } from './state/use-console-data.js';
import { useView } from './state/use-view.js';

interface Toast {
  readonly id: number;
  readonly message: string;
  readonly tone: 'ok' | 'error' | 'info';
}

let toastCounter = 0;

/** The console: header, the canvas with its selection bar, the side panels, the palette and the context menu. */
export function App(props: {
  readonly api: ApiClient;
  readonly onSignOut?: (() => void) | undefined;
}): ReactNode {
  const { api } = props;
  const data = useConsoleData(api);
  const [view, setView] = useView();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [palette, setPalette] = useState<{ initial: ActionEntry | undefined } | undefined>();
  const [menu, setMenu] = useState<{ target: TargetState; at: { x: number; y: number } } | undefined>();
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  // The action that succeeded last here: the suggestions offer what comes after it.
  const [lastRun, setLastRun] = useState<string | undefined>();
  const returnFocus = useRef<HTMLElement | null>(null);
  const selected = data.targets.find((target) => target.id === selectedId);

  const notify = useCallback((message: string, tone: Toast['tone'] = 'info') => {
    const id = ++toastCounter;
    setToasts((previous) => [...previous.slice(-3), { id, message, tone }]);
    setTimeout(() => setToasts((previous) => previous.filter((toast) => toast.id !== id)), 6000);
  }, []);

  const openPalette = useCallback((initial?: ActionEntry, fromMenu = false) => {
    // From the context menu, focus returns to where the menu was opened, not to the menu item.
    if (!fromMenu) returnFocus.current = document.activeElement as HTMLElement | null;
    setMenu(undefined);
    setPalette({ initial });
  }, []);
  const closeOverlay = useCallback(() => {
    setPalette(undefined);
    setMenu(undefined);
    const element = returnFocus.current;
    // Focus goes back where it was (the block), unless that element left the page.
    requestAnimationFrame(() =>
      (element?.isConnected ? element : document.querySelector<HTMLElement>('main'))?.focus(),
    );
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Opening only: the open palette's own Ctrl-K closes it.
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k' && !palette) {
        event.preventDefault();
        openPalette();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [palette, openPalette]);

  const run = useCallback(
    async (entry: ActionEntry, args: Record<string, unknown>): Promise<RunResult> => {
      const result = await data.run(entry.name, args);
      if (result.ok) {
        setLastRun(entry.name);
        notify(`${entry.title}: ${result.message ?? 'done'}`, 'ok');
      } else if (result.error.code === 'approval_required')
        notify(`${entry.title} waits for approval (Approvals tab)`);
      return result;
    },
    [data.run, notify],
  );

  // An action chosen from the context menu or a suggestion chip: run it on the block, or open its form.
  const chooseAction = (entry: ActionEntry, target: TargetState | undefined) => {
    const param = entryTargetParam(entry);
    if (needsInput(entry, param)) {
      openPalette(entry, menu !== undefined || palette !== undefined);
      return;
    }
    closeOverlay();
    void run(entry, param && target ? { [param]: target.id } : {})
      .then(
        (result) =>
          !result.ok && result.error.code !== 'approval_required' && notify(result.error.message, 'error'),
      )
      .catch((error: Error) => notify(error.message, 'error'));
  };
  const suggestionRow = (label: string, onPrompt?: (text: string) => void) => (
    <SuggestionRow
      api={api}
      target={selected}
      after={lastRun}
      revision={data.revision}
      label={label}
      {...(onPrompt ? { onPrompt: (prompt: { text: string }) => onPrompt(prompt.text) } : {})}
      onAction={(entry) => chooseAction(entry as ActionEntry, selected)}
    />
  );

  return (
    <div className="app">
      <header className="topbar">
        <h1>
          <span className="logo" aria-hidden="true" />
          Affordance
        </h1>
        <span className={`stream stream-${data.stream}`} title="Live updates from /api/events">
          {data.stream === 'open'
            ? 'live'
            : data.stream === 'connecting'
              ? 'connecting…'
              : 'offline, retrying'}
        </span>
        <span className="muted topbar-info">
          {data.health
            ? `${data.health.actions} ${data.health.actions === 1 ? 'action' : 'actions'} · ${data.health.storage}`
            : ''}
          {data.health?.model ? ` · model ${data.health.model}` : ' · no model'}
        </span>
        <nav className="views" aria-label="Views">
          <button
            type="button"
            className="button-quiet"
            aria-current={view === 'canvas' ? 'page' : undefined}
            onClick={() => setView('canvas')}
          >
            Canvas
          </button>
          <button
            type="button"
            className="button-quiet"
            aria-current={view === 'audit' ? 'page' : undefined}
            onClick={() => setView('audit')}
          >
            Audit log
          </button>
        </nav>
        <button type="button" className="button-quiet palette-button" onClick={() => openPalette()}>
          Command palette{' '}
          <span className="shortcut">
            <kbd>Ctrl</kbd>+<kbd>K</kbd>
          </span>
        </button>
        {props.onSignOut ? (
          <button type="button" className="button-quiet" onClick={props.onSignOut}>
            Sign out
          </button>
        ) : null}
      </header>
      {data.error ? (
        <p role="alert" className="banner-error">
          {data.error}
        </p>
      ) : null}
      {view === 'audit' ? (
        <main className="audit-view" tabIndex={-1}>
          <AuditPanel api={api} revision={data.revision} />
        </main>
      ) : (
        <>
          <main className="workspace" tabIndex={-1}>
            <div className="selection-bar">
              {selected ? (
                <>
                  <span>
                    Selected <strong>{blockLabel(selected)}</strong>
                    {selected.locked ? ' (locked)' : ''}
                  </span>
                  <button
                    type="button"
                    className="button-quiet"
                    onClick={(event) => {
                      const box = event.currentTarget.getBoundingClientRect();
                      returnFocus.current = event.currentTarget;
                      setMenu({ target: selected, at: { x: box.left, y: box.bottom + 4 } });
                    }}
                  >
                    Actions…
                  </button>
                  <button type="button" className="button-quiet" onClick={() => setSelectedId(undefined)}>
                    Clear
                  </button>
                </>
              ) : (
                <span className="muted">
                  Click a block (or Tab to it and press Enter) to see what you can do with it.
                </span>
              )}
            </div>
            <CanvasView
              blocks={data.targets}
              selectedId={selectedId}
              onSelect={(block) => setSelectedId(block.id)}
              onMenu={(block, at) => {
                returnFocus.current = document.activeElement as HTMLElement | null;
                setMenu({ target: block, at });
              }}
            />
          </main>
          <SidePanels
            api={api}
            data={data}
            notify={notify}
            selected={selected}
            chatSuggestions={(send) => suggestionRow('Suggested next', send)}
          />
        </>
      )}
      {menu ? (
        <ContextMenu
          api={api}
          target={menu.target}
          at={menu.at}
          revision={data.revision}
          onChoose={(entry) => chooseAction(entry, menu.target)}
          onClose={closeOverlay}
        />
      ) : null}
      {palette ? (
        <ActionPalette
          key={palette.initial?.name ?? ''}
          suggestions={palette.initial ? null : suggestionRow('Suggested actions')}
          api={api}
          target={selected}
          blocks={data.targets}
          revision={data.revision}
          initial={palette.initial}
          run={run}
          onClose={closeOverlay}
        />
      ) : null}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <p key={toast.id} className={`toast toast-${toast.tone}`}>
            {toast.message}
          </p>
        ))}
      </div>
    </div>
  );
}
