import type { SessionHistory } from '@affordance/core/ports';
import type { SqlClient } from './sql-client.js';

/** Which actions succeeded in each session, in `session_history`; `succeeded` always answers with a promise. */
export function createPostgresSessionHistory(db: SqlClient): SessionHistory {
  return {
    async succeeded(sessionId) {
      const { rows } = await db.query<{ action: string }>(
        'SELECT action FROM session_history WHERE session_id = $1',
        [sessionId],
      );
      return new Set(rows.map((row) => row.action));
    },
    async record(sessionId, name) {
      await db.query(
        'INSERT INTO session_history (session_id, action) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [sessionId, name],
      );
    },
  };
}
