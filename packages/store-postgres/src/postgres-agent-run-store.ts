import type { AgentRunStore, StoredAgentRun } from '@affordance/core/ports';
import { isoOf, toJsonText } from './json-text.js';
import type { SqlClient } from './sql-client.js';

const COLUMNS = 'run_id, session_id, user_id, status, interrupt_ids, state, holder, created_at, updated_at';

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
           updated_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8::timestamptz, $9::timestamptz)`,
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
        `UPDATE agent_runs SET status = $2, holder = COALESCE($4, holder), updated_at = now()
         WHERE run_id = $1 AND status = ANY($3::text[]) AND ($5::text IS NULL OR holder = $5)
         RETURNING ${COLUMNS}`,
        [runId, change.status, [...change.from], change.newHolder ?? null, change.holder ?? null],
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
  };
}
