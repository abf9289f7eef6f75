import { ERROR_CODES } from '@affordance/core';
import type { ReactNode } from 'react';
import type { AuditFilters } from '../api/types.js';

/** The filters of the audit view, empty meaning "any". */
export const NO_FILTERS: AuditFilters = { action: '', user: '', outcome: '', errorCode: '', since: '' };

/**
 * The audit log's filter bar: action and user as text, outcome and error code as choices from the closed sets,
 * start time; placeholders say "any …" in a style no value has, and one button clears them all.
 */
export function AuditFilterBar(props: {
  readonly filters: AuditFilters;
  readonly onChange: (filters: AuditFilters) => void;
}): ReactNode {
  const { filters, onChange } = props;
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value });
  const filtered = Object.values(filters).some((value) => value !== '' && value !== undefined);
  return (
    <fieldset className="audit-filters">
      <legend className="visually-hidden">Filter the audit log</legend>
      <label>
        Action
        <input value={filters.action} onChange={set('action')} placeholder="any action" />
      </label>
      <label>
        User
        <input value={filters.user} onChange={set('user')} placeholder="any user" />
      </label>
      <label>
        Outcome
        <select value={filters.outcome} onChange={set('outcome')} data-empty={!filters.outcome}>
          <option value="">any outcome</option>
          <option value="ok">ok</option>
          <option value="error">error</option>
        </select>
      </label>
      <label>
        Error code
        <select value={filters.errorCode} onChange={set('errorCode')} data-empty={!filters.errorCode}>
          <option value="">any error code</option>
          {ERROR_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <label>
        Since
        <input
          type="datetime-local"
          value={filters.since}
          onChange={set('since')}
          data-empty={!filters.since}
        />
      </label>
      <button
        type="button"
        className="button-quiet"
        disabled={!filtered}
        onClick={() => onChange(NO_FILTERS)}
      >
        Clear filters
      </button>
    </fieldset>
  );
}
