import { type ReactNode, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { TimelineEntry } from '../state/timeline.js';
import { formatDuration, formatJson, formatTime, targetIdOf } from './format.js';

const STATUS_LABEL: Record<TimelineEntry['status'], string> = {
  running: 'running',
  waiting: 'waiting for approval',
  ok: 'done',
  failed: 'failed',
};

/**
 * The live tool-call timeline, newest first: each call's status, target, arguments, result or error and duration.
 * Calls seen only on the event stream get their arguments from the audit log.
 */
export function TimelinePanel(props: {
  readonly api: ApiClient;
  readonly entries: readonly TimelineEntry[];
  readonly revision: number;
}): ReactNode {
  const { api, entries, revision } = props;
  const [auditArgs, setAuditArgs] = useState<ReadonlyMap<string, unknown>>(new Map());
  const missing = entries.some(
    (entry) => entry.args === undefined && entry.callId && entry.status !== 'running',
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` goes up when a call ends
  useEffect(() => {
    if (!missing) return;
    let live = true;
    api
      .audit({ limit: 100 })
      .then(
        (page) => live && setAuditArgs(new Map(page.records.map((record) => [record.callId, record.args]))),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, missing, revision]);

  if (entries.length === 0) {
    return (
      <p className="empty">
        No calls yet. Select a block and press <kbd>Ctrl</kbd>+<kbd>K</kbd>, or right-click it.
      </p>
    );
  }
  return (
    <ol className="timeline" aria-label="Tool calls">
      {entries.map((entry) => {
        const args = entry.args ?? (entry.callId ? auditArgs.get(entry.callId) : undefined);
        const result = entry.result;
        const target = targetIdOf(args);
        return (
          <li key={entry.key} className={`call call-${entry.status}`} data-call={entry.name}>
            <div className="call-head">
              <span className={`status status-${entry.status}`}>{STATUS_LABEL[entry.status]}</span>
              <code className="call-name">{entry.name}</code>
              {target ? <span className="call-target">{target}</span> : null}
              <span className="call-meta">
                {formatDuration(result?.durationMs)} · {formatTime(entry.startedAt)}
                {entry.origin === 'server' ? ` · ${entry.userId ?? 'elsewhere'}` : ''}
              </span>
            </div>
            {result && !result.ok ? (
              <p className="call-error">
                <strong>{result.error.code}</strong>: {result.error.message}
              </p>
            ) : null}
            {result?.ok && result.message ? <p className="call-message">{result.message}</p> : null}
            {entry.failure ? <p className="call-error">{entry.failure}</p> : null}
            <details>
              <summary>Arguments and result</summary>
              <h4>Arguments</h4>
              <pre className="json">{args === undefined ? '(not known yet)' : formatJson(args)}</pre>
              {result ? (
                <>
                  <h4>{result.ok ? 'Result' : 'Error'}</h4>
                  <pre className="json">
                    {result.ok && entry.fromAudit
                      ? '(from the audit log, which keeps no result values)'
                      : formatJson(result.ok ? result.value : result.error)}
                  </pre>
                </>
              ) : null}
            </details>
          </li>
        );
      })}
    </ol>
  );
}
