import { type KeyboardEvent, lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { TargetState } from '../api/types.js';
import type { ConsoleData } from '../state/use-console-data.js';
import { ApprovalsPanel } from './approvals-panel.js';
import { TimelinePanel } from './timeline-panel.js';

// The agent panels bring the AG-UI client and the text protocol: loaded when their tab opens.
const ChatPanel = lazy(async () => ({ default: (await import('./chat-panel.js')).ChatPanel }));
const PasteReplyPanel = lazy(async () => ({
  default: (await import('./paste-reply-panel.js')).PasteReplyPanel,
}));

const TABS = ['timeline', 'approvals', 'agent'] as const;
type Tab = (typeof TABS)[number];

/** The panels beside the canvas, as tabs (←/→ move between them): timeline, approvals and agent. */
export function SidePanels(props: {
  readonly api: ApiClient;
  readonly data: ConsoleData;
  readonly notify: (message: string, tone?: 'ok' | 'error') => void;
  /** The suggestion chips under the chat; `send` sends a prompt chip's text. */
  readonly chatSuggestions?: (send: (text: string) => void) => ReactNode;
  /** The block selected on the canvas: the chat sends it as app context. */
  readonly selected?: TargetState | undefined;
}): ReactNode {
  const { api, data } = props;
  const [tab, setTab] = useState<Tab>('timeline');
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  // Runs in flight are shown but wait for nobody: the count is what needs a person (a decision, a retry).
  const waiting = data.approvals.filter(
    (approval) => approval.status === 'pending' || approval.status === 'interrupted',
  ).length;
  const labels: Record<Tab, ReactNode> = {
    timeline: 'Timeline',
    approvals: (
      <>
        Approvals
        {waiting > 0 ? (
          <span className="count">
            {waiting}
            <span className="visually-hidden"> waiting</span>
          </span>
        ) : null}
      </>
    ),
    agent: data.health?.model ? 'Chat' : 'Paste reply',
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index + TABS.length - 1) % TABS.length]
          : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    buttons.current[next]?.focus();
  };
  return (
    <aside className="side">
      <div role="tablist" aria-label="Panels" className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              buttons.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="panel">
        {tab === 'timeline' ? (
          <TimelinePanel api={api} entries={data.timeline} revision={data.revision} />
        ) : null}
        {tab === 'approvals' ? (
          <ApprovalsPanel approvals={data.approvals} decide={data.decide} notify={props.notify} />
        ) : null}
        {tab === 'agent' ? (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            {data.health?.model ? (
              <ChatPanel
                model={data.health.model}
                baseUrl={api.baseUrl}
                headers={api.headers}
                suggestions={props.chatSuggestions}
                selected={props.selected}
              />
            ) : (
              <PasteReplyPanel run={data.run} />
            )}
          </Suspense>
        ) : null}
      </section>
    </aside>
  );
}
