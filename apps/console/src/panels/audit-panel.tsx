import { type ReactNode, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { AuditFilters, AuditRecord } from '../api/types.js';
import { formatDuration, formatJson, formatTime } from './format.js';

const PAGE = 25;

/** The audit log, newest first: filter by action, user, outcome, error code and start time; page with "Load more". */
export function AuditPanel(props: { readonly api: ApiClient; readonly revision: number }): ReactNode {
  const { api, revision } = props;
  const [filters, setFilters] = useState<AuditFilters>({
    action: '',
    user: '',
    outcome: '',
    errorCode: '',
    since: '',
  });
  const [records, setRecords] = useState<readonly AuditRecord[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const query = {
    ...filters,
    since: filters.since ? new Date(filters.since).toISOString() : '',
    limit: PAGE,
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch the first page when filters or `revision` change
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      api
        .audit(query)
        .then((page) => {
          if (!live) return;
          setRecords(page.records);
          setCursor(page.nextCursor);
          setError(undefined);
        })
        .catch((caught: Error) => live && setError(caught.message))
        .finally(() => live && setLoading(false));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, revision, JSON.stringify(filters)]);

  const more = async () => {
    if (!cursor) return;
    try {
      const page = await api.audit({ ...query, cursor });
      setRecords((previous) => [...previous, ...page.records]);
      setCursor(page.nextCursor);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setFilters((previous) => ({ ...previous, [key]: event.target.value }));

  return (
    <div className="audit">
      <fieldset className="audit-filters">
        <legend className="visually-hidden">Filter the audit log</legend>
        <label>
          Action
          <input value={filters.action} onChange={set('action')} placeholder="shape_updateColor" />
        </label>
        <label>
          User
          <input value={filters.user} onChange={set('user')} placeholder="local" />
        </label>
        <label>
          Outcome
          <select value={filters.outcome} onChange={set('outcome')}>
            <option value="">any</option>
            <option value="ok">ok</option>
            <option value="error">error</option>
          </select>
        </label>
        <label>
          Error code
          <input value={filters.errorCode} onChange={set('errorCode')} placeholder="unavailable" />
        </label>
        <label>
          Since
          <input type="datetime-local" value={filters.since} onChange={set('since')} />
        </label>
      </fieldset>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <table className="audit-table" aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">User</th>
            <th scope="col">Outcome</th>
            <th scope="col">Took</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.callId + record.endedAt} data-audit={record.name} title={formatJson(record.args)}>
              <td>{formatTime(record.startedAt)}</td>
              <td>
                <code>{record.name}</code>
              </td>
              <td>{record.target ? record.target.id : '—'}</td>
              <td>{record.userId ?? '—'}</td>
              <td>
                {record.outcome === 'ok' ? (
                  <span className="status status-ok">ok</span>
                ) : (
                  <span className="status status-failed" title={record.errorMessage}>
                    {record.errorCode ?? 'error'}
                  </span>
                )}
              </td>
              <td>{formatDuration(record.durationMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && records.length === 0 && !error ? <p className="empty">No audit records match.</p> : null}
      {cursor ? (
        <button type="button" className="button-quiet" onClick={() => void more()}>
          Load more
        </button>
      ) : null}
    </div>
  );
}
