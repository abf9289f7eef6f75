import type { User } from '@affordance/core';
import type { ApprovalStore, ApprovalTransition, PendingApproval } from '@affordance/core/ports';
import { isoOf, toJsonText } from './json-text.js';
import type { SqlClient } from './sql-client.js';

const COLUMNS = `id, call_id, action, args, requested_by, context, session_id, idempotency_key, requested_at, status,
  decided_by, decided_at, reason, lease_until, outcome, history`;

// The database's clock as ISO text, for the history's entries.
const NOW_TEXT = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A history entry made of SQL parameters: the new status, who and why (absent ones left out). */
const transition = (status: string, by: string, reason: string) =>
  `jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('status', ${status}::text, 'at', ${NOW_TEXT},
    'by', ${by}::text, 'reason', ${reason}::text)))`;

const lease = (ms: string) =>
  `CASE WHEN ${ms}::double precision IS NULL THEN NULL
    ELSE now() + ${ms}::double precision * interval '1 millisecond' END`;

interface ApprovalRow {
  id: string;
  call_id: string;
  action: string;
  args: Record<string, unknown>;
  requested_by: User | null;
  context: Record<string, unknown>;
  session_id: string | null;
  idempotency_key: string | null;
  requested_at: unknown;
  status: PendingApproval['status'];
  decided_by: string | null;
  decided_at: unknown;
  reason: string | null;
  lease_until: unknown;
  outcome: PendingApproval['outcome'] | null;
  history: ApprovalTransition[];
}

const INTERRUPTED = 'the process running it stopped before it finished';

/**
 * Approvals in `pending_approvals`: `decide` and `change` are one `UPDATE … WHERE status …` each (and, for a run's
 * moves, `AND holder = …`), so of two racing moves exactly one wins, across processes.
 */
export function createPostgresApprovalStore(db: SqlClient): ApprovalStore {
  return {
    async create(approval) {
      const history = approval.history ?? [
        {
          status: approval.status,
          at: approval.requestedAt,
          ...(approval.user?.id ? { by: approval.user.id } : {}),
        },
      ];
      await db.query(
        `INSERT INTO pending_approvals (id, call_id, action, args, requested_by, context, session_id, idempotency_key,
           requested_at, status, decided_by, decided_at, reason, history, outcome)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9::timestamptz, $10, $11, $12::timestamptz, $13,
           $14::jsonb, $15::jsonb)`,
        [
          approval.id,
          approval.callId,
          approval.name,
          toJsonText(approval.args),
          toJsonText(approval.user),
          toJsonText(approval.context ?? {}),
          approval.sessionId ?? null,
          approval.idempotencyKey ?? null,
          approval.requestedAt,
          approval.status,
          approval.decidedBy ?? null,
          approval.decidedAt ?? null,
          approval.reason ?? null,
          toJsonText(history),
          toJsonText(approval.outcome),
        ],
      );
    },
    async get(id) {
      const { rows } = await db.query<ApprovalRow>(`SELECT ${COLUMNS} FROM pending_approvals WHERE id = $1`, [
        id,
      ]);
      return rows[0] ? approvalOf(rows[0]) : undefined;
    },
    async decide(id, decision) {
      const approved = decision.status === 'approved';
      const { rows } = await db.query<ApprovalRow>(
        `UPDATE pending_approvals SET status = $2, decided_by = $3, decided_at = now(), reason = $4,
           holder = $5, lease_until = ${lease('$6')},
           outcome = CASE WHEN $2 = 'denied' THEN '{"ok":false,"errorCode":"approval_denied"}'::jsonb END,
           history = history || ${transition('$2', '$3', '$4')}
         WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [
          id,
          decision.status,
          decision.by,
          decision.reason || null,
          approved ? (decision.holder ?? null) : null,
          approved ? (decision.leaseMs ?? null) : null,
        ],
      );
      return rows[0] ? approvalOf(rows[0]) : undefined;
    },
    async change(id, change) {
      const { rows } = await db.query<ApprovalRow>(
        `UPDATE pending_approvals SET status = $3, holder = COALESCE($5, holder), lease_until = ${lease('$6')},
           outcome = COALESCE($7::jsonb, outcome),
           history = CASE WHEN status = $3 THEN history ELSE history || ${transition('$3', '$8', '$9')} END
         WHERE id = $1 AND status = ANY($2::text[]) AND ($4::text IS NULL OR holder = $4)
         RETURNING ${COLUMNS}`,
        [
          id,
          change.from,
          change.status,
          change.holder ?? null,
          change.newHolder ?? null,
          change.leaseMs ?? null,
          toJsonText(change.outcome),
          change.by ?? null,
          change.reason ?? null,
        ],
      );
      return rows[0] ? approvalOf(rows[0]) : undefined;
    },
    async recover({ everyRun = false, pendingBefore }) {
      const interrupted = await db.query<ApprovalRow>(
        `UPDATE pending_approvals SET status = 'interrupted', lease_until = NULL,
           outcome = jsonb_build_object('ok', false, 'errorCode', 'aborted', 'message', $2::text),
           history = history || ${transition("'interrupted'", 'NULL', '$2')}
         WHERE status IN ('approved', 'running') AND ($1 OR lease_until IS NULL OR lease_until <= now())
         RETURNING ${COLUMNS}`,
        [everyRun, INTERRUPTED],
      );
      const expired = pendingBefore
        ? await db.query<ApprovalRow>(
            `UPDATE pending_approvals SET status = 'expired',
               history = history || ${transition("'expired'", 'NULL', "'nobody decided in time'")}
             WHERE status = 'pending' AND requested_at < $1::timestamptz RETURNING ${COLUMNS}`,
            [pendingBefore],
          )
        : { rows: [] };
      return [...interrupted.rows, ...expired.rows].map(approvalOf);
    },
    async list(filter = {}) {
      const params: unknown[] = [];
      const conditions: string[] = [];
      if (filter.status !== undefined) {
        const statuses = typeof filter.status === 'string' ? [filter.status] : [...filter.status];
        conditions.push(`status = ANY($${params.push(statuses)}::text[])`);
      }
      if (filter.sessionId) conditions.push(`session_id = $${params.push(filter.sessionId)}`);
      if (filter.idempotencyKey !== undefined) {
        conditions.push(`idempotency_key = $${params.push(filter.idempotencyKey)}`);
      }
      const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
      const { rows } = await db.query<ApprovalRow>(
        `SELECT ${COLUMNS} FROM pending_approvals${where} ORDER BY seq`,
        params,
      );
      return rows.map(approvalOf);
    },
  };
}

function approvalOf(row: ApprovalRow): PendingApproval {
  return {
    id: row.id,
    callId: row.call_id,
    name: row.action,
    args: row.args,
    user: row.requested_by ?? undefined,
    context: row.context,
    sessionId: row.session_id ?? undefined,
    idempotencyKey: row.idempotency_key ?? undefined,
    requestedAt: isoOf(row.requested_at),
    status: row.status,
    ...(row.decided_by !== null ? { decidedBy: row.decided_by } : {}),
    ...(row.decided_at !== null ? { decidedAt: isoOf(row.decided_at) } : {}),
    ...(row.reason !== null ? { reason: row.reason } : {}),
    ...(row.lease_until !== null ? { leaseUntil: isoOf(row.lease_until) } : {}),
    ...(row.outcome !== null ? { outcome: row.outcome } : {}),
    history: row.history,
  };
}
