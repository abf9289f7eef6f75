import type { ApprovalStore, PendingApproval, User } from '@affordance/core';
import { isoOf, toJsonText } from './json-text.js';
import type { SqlClient } from './sql-client.js';

const COLUMNS = `id, call_id, action, args, requested_by, context, session_id, idempotency_key, requested_at, status,
  decided_by, decided_at, reason`;

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
}

/** Pending approvals in `pending_approvals`; `decide` is one `UPDATE … WHERE status = 'pending'`, so one decision wins. */
export function createPostgresApprovalStore(db: SqlClient): ApprovalStore {
  return {
    async create(approval) {
      await db.query(
        `INSERT INTO pending_approvals (id, call_id, action, args, requested_by, context, session_id, idempotency_key,
           requested_at, status, decided_by, decided_at, reason)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9::timestamptz, $10, $11, $12::timestamptz, $13)`,
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
      const { rows } = await db.query<ApprovalRow>(
        `UPDATE pending_approvals SET status = $2, decided_by = $3, decided_at = now(), reason = $4
         WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [id, decision.status, decision.by, decision.reason || null],
      );
      return rows[0] ? approvalOf(rows[0]) : undefined;
    },
    async list(filter = {}) {
      const params: unknown[] = [];
      const conditions: string[] = [];
      if (filter.status) conditions.push(`status = $${params.push(filter.status)}`);
      if (filter.sessionId) conditions.push(`session_id = $${params.push(filter.sessionId)}`);
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
  };
}
