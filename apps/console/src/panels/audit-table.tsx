import type { ReactNode } from 'react';
import type { AuditRecord } from '../api/types.js';
import { formatDateTime, formatDuration, formatJson } from './format.js';

const COLUMNS = ['Time', 'Action', 'Target', 'User', 'Outcome', 'Took', 'Arguments'] as const;

/**
 * The audit records as a table with a column per fact (time with its date, action, target, user, outcome with the
 * error's message, duration, arguments); below 720 px wide each row becomes a card of labelled lines.
 */
export function AuditTable(props: {
  readonly records: readonly AuditRecord[];
  readonly loading: boolean;
}): ReactNode {
  return (
    <table className="audit-table" aria-busy={props.loading}>
      <colgroup>
        {COLUMNS.map((column) => (
          <col key={column} className={`audit-col-${column.toLowerCase()}`} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.records.map((record) => (
          <tr key={record.callId + record.endedAt} data-audit={record.name}>
            <td data-label="Time">
              <time dateTime={record.startedAt}>{formatDateTime(record.startedAt)}</time>
            </td>
            <td data-label="Action">
              <code>{record.name}</code>
            </td>
            <td data-label="Target">
              {record.target ? (
                <span className="audit-target">
                  <span className="muted">{record.target.type}</span> <code>{record.target.id}</code>
                </span>
              ) : (
                '—'
              )}
            </td>
            <td data-label="User">{record.userId ?? '—'}</td>
            <td data-label="Outcome">
              <div className="audit-outcome">
                {record.outcome === 'ok' ? (
                  <span className="status status-ok">ok</span>
                ) : (
                  <>
                    <span className="status status-failed">{record.errorCode ?? 'error'}</span>
                    {record.errorMessage ? (
                      <span className="audit-message">{record.errorMessage}</span>
                    ) : null}
                  </>
                )}
              </div>
            </td>
            <td data-label="Took">{formatDuration(record.durationMs)}</td>
            <td data-label="Arguments" title={formatJson(record.args)}>
              <code className="audit-args">{compactJson(record.args)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// One line of JSON (strings as they are); long ones are cut, the whole text is in the cell's title.
function compactJson(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  // Indented JSON folded onto one line: a space after each comma and colon lets the cell wrap between values.
  let text: string;
  try {
    text = (JSON.stringify(value, null, 1) ?? String(value)).replace(/\n\s*/g, ' ');
  } catch {
    text = formatJson(value);
  }
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
