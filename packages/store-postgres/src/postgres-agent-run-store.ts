import type { AgentRunStore, StoredAgentRun } from '@affordance/core/ports';
import { isoOf, toJsonText } from './json-text.js';
import type { SqlClient } from './sql-client.js';

const COLUMNS =
  'run_id, session_id, user_id, status, interrupt_ids, state, holder, created_at, updated_at, lease_until, decisions';

interface AgentRunRow {
  run_id: string;
  session_id: string;
  user_id: string | null;
  status: StoredAgentRun['status'];
  interrupt_ids: string[];
  state: Record<string, unknown>;
  holder: string | null;
  created_at: unknown;
  updated_at: unknown;
  lease_until: unknown;
  decisions: Record<string, unknown>[] | null;
}

/**
 * Paused agent runs in `agent_runs`: `change` is one `UPDATE … WHERE status … [AND holder …]`, so of two resumes
 * racing for a run exactly one claims it, across processes.
 */
export function createPostgresAgentRunStore(db: SqlClient): AgentRunStore {
  return {
    async create(run) {
      await db.query(
        `INSERT INTO agent_runs (run_id, session_id, user_id, status, interrupt_ids, state, holder, created_at,
           updated_at, lease_until, decisions)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8::timestamptz, $9::timestamptz, $10::timestamptz,
           $11::jsonb)`,
        [
          run.runId,
          run.sessionId,
          run.userId ?? null,
          run.status,
          toJsonText(run.interruptIds),
          toJsonText(run.state),
          run.holder ?? null,
          run.createdAt,
          run.updatedAt,
          run.leaseUntil ?? null,
          run.decisions ? toJsonText(run.decisions) : null,
        ],
      );
    },
    async get(runId) {
      const { rows } = await db.query<AgentRunRow>(`SELECT ${COLUMNS} FROM agent_runs WHERE run_id = $1`, [
        runId,
      ]);
      return rows[0] ? runOf(rows[0]) : undefined;
    },
    async change(runId, change) {
      const { rows } = await db.query<AgentRunRow>(
        `UPDATE agent_runs SET status = $2, holder = COALESCE($4, holder), updated_at = now(),
           lease_until = CASE WHEN $6::bigint IS NOT NULL THEN now() + $6::bigint * interval '1 millisecond'
             WHEN $2 = 'resuming' THEN lease_until END,
           decisions = COALESCE($8::jsonb, decisions)
         WHERE run_id = $1 AND status = ANY($3::text[]) AND ($5::text IS NULL OR holder = $5)
           AND NOT ($7::boolean AND status = 'resuming' AND lease_until IS NOT NULL AND lease_until > now())
         RETURNING ${COLUMNS}`,
        [
          runId,
          change.status,
          [...change.from],
          change.newHolder ?? null,
          change.holder ?? null,
          change.leaseMs ?? null,
          change.expired === true,
          change.decisions ? toJsonText(change.decisions) : null,
        ],
      );
      return rows[0] ? runOf(rows[0]) : undefined;
    },
    async list({ sessionId, status }) {
      const { rows } = await db.query<AgentRunRow>(
        `SELECT ${COLUMNS} FROM agent_runs
         WHERE session_id = $1 AND ($2::text[] IS NULL OR status = ANY($2::text[]))
         ORDER BY position`,
        [sessionId, status ? [...status] : null],
      );
      return rows.map(runOf);
    },
  };
}

function runOf(row: AgentRunRow): StoredAgentRun {
  return {
    runId: row.run_id,
    sessionId: row.session_id,
    userId: row.user_id ?? undefined,
    status: row.status,
    interruptIds: row.interrupt_ids,
    state: row.state,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
    ...(row.holder !== null ? { holder: row.holder } : {}),
    ...(row.lease_until !== null && row.lease_until !== undefined
      ? { leaseUntil: isoOf(row.lease_until) }
      : {}),
    ...(row.decisions !== null && row.decisions !== undefined ? { decisions: row.decisions } : {}),
  };
}
