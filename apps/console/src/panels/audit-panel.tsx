import { type ReactNode, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { AuditFilters, AuditRecord } from '../api/types.js';
import { AuditFilterBar, NO_FILTERS } from './audit-filters.js';
import { AuditTable } from './audit-table.js';

const PAGE = 25;

/** The audit log, full width and newest first: filter by action, user, outcome, error code and start time; page with "Load more". */
export function AuditPanel(props: { readonly api: ApiClient; readonly revision: number }): ReactNode {
  const { api, revision } = props;
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
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

  return (
    <section className="audit" aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <AuditFilterBar filters={filters} onChange={setFilters} />
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <AuditTable records={records} loading={loading} />
      {!loading && records.length === 0 && !error ? <p className="empty">No audit records match.</p> : null}
      {cursor ? (
        <button type="button" className="button-quiet" onClick={() => void more()}>
          Load more
        </button>
      ) : null}
    </section>
  );
}
