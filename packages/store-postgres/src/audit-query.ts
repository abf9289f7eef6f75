import type { AuditPage, AuditQuery } from '@affordance/core/ports';
import { type AuditRow, auditRecordOf } from './audit-rows.js';
import { isTimestamp } from './json-text.js';
import type { SqlClient } from './sql-client.js';
import { StoreError } from './store-error.js';

const SELECT = `SELECT seq::text AS seq, call_id, tool_call_id, parent_call_id, session_id, user_id, tenant_id, action, target_type, target_id,
  args, args IS NULL AS no_args, outcome, error_code, error_message, started_at, ended_at, duration_ms, depth, repaired, replayed,
  approval
  FROM agent_actions`;

/** Read one page of the audit log, newest first; the cursor is the last row's sequence number. */
export async function queryAudit(db: SqlClient, query: AuditQuery = {}): Promise<AuditPage> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 1000);
  const conditions: string[] = [];
  const params: unknown[] = [];
  const where = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (query.sessionId) where('session_id = ?', query.sessionId);
  if (query.userId) where('user_id = ?', query.userId);
  if (query.name) where('action = ?', query.name);
  if (query.outcome) where('outcome = ?', checkOutcome(query.outcome));
  if (query.errorCode) where('error_code = ?', query.errorCode);
  if (query.since) where('started_at >= ?::timestamptz', checkTime('since', query.since));
  if (query.until) where('started_at < ?::timestamptz', checkTime('until', query.until));
  if (query.cursor) where('agent_actions.seq < ?::bigint', checkCursor(query.cursor));
  params.push(limit + 1);
  const sql = `${SELECT}${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''} ORDER BY agent_actions.seq DESC LIMIT $${params.length}`;
  const { rows } = await db.query<AuditRow>(sql, params);
  const page = rows.slice(0, limit);
  const records = page.map(auditRecordOf);
  const last = page.at(-1);
  return rows.length > limit && last ? { records, nextCursor: String(last.seq) } : { records };
}

function checkOutcome(outcome: string): string {
  if (outcome !== 'ok' && outcome !== 'error') {
    throw new StoreError(
      'invalid_input',
      `audit query: outcome must be 'ok' or 'error', not ${JSON.stringify(outcome)}`,
    );
  }
  return outcome;
}

function checkTime(field: 'since' | 'until', value: unknown): string {
  if (!isTimestamp(value)) {
    throw new StoreError(
      'invalid_input',
      `audit query: ${field} must be an ISO 8601 time such as 2025-01-31T12:00:00Z, not ${JSON.stringify(value)}`,
    );
  }
  return new Date(value).toISOString();
}

function checkCursor(cursor: unknown): string {
  if (typeof cursor !== 'string' || !/^\d{1,19}$/.test(cursor)) {
    throw new StoreError(
      'invalid_input',
      `audit query: cursor ${JSON.stringify(cursor)} is not one this store returned; pass nextCursor as it came`,
    );
  }
  return cursor;
}
