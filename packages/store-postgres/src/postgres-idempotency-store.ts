import type { IdempotencyState, IdempotencyStore, StoredOutcome } from '@affordance/core';
import { toJsonText } from './json-text.js';
import type { SqlClient } from './sql-client.js';
import { StoreError } from './store-error.js';

// Claims a new key, or takes over an expired one; no row comes back when a live claim holds the key.
const CLAIM = `INSERT INTO idempotency_keys (key, fingerprint, expires_at)
  VALUES ($1, $2, now() + $3::double precision * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, outcome = NULL, claimed_at = now(),
    completed_at = NULL, expires_at = EXCLUDED.expires_at
  WHERE idempotency_keys.expires_at <= now()
  RETURNING key`;

const READ = `SELECT fingerprint, outcome, expires_at > now() AS live FROM idempotency_keys WHERE key = $1`;

/**
 * Idempotency keys in `idempotency_keys`: `begin` is one atomic INSERT … ON CONFLICT, so the same key sent from
 * several processes at once is claimed by exactly one of them; the first outcome is kept until the key expires.
 */
export function createPostgresIdempotencyStore(db: SqlClient): IdempotencyStore {
  return {
    async begin({ key, fingerprint, ttlMs }) {
      if (typeof ttlMs !== 'number' || !(ttlMs >= 0)) {
        throw new StoreError(
          'invalid_input',
          `idempotency ttlMs must be a number of milliseconds ≥ 0, not ${ttlMs}`,
        );
      }
      // The row may vanish or expire between the two statements (a release, a short ttl): then claim again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const claimed = await db.query(CLAIM, [key, fingerprint, ttlMs]);
        if (claimed.rows.length > 0) return { state: 'new' };
        const { rows } = await db.query<{
          fingerprint: string;
          outcome: StoredOutcome | null;
          live: boolean;
        }>(READ, [key]);
        const row = rows[0];
        if (!row?.live) continue;
        return stateOf(row, fingerprint);
      }
      throw new StoreError(
        'contention',
        `idempotency key ${key} kept changing while it was claimed; try again`,
      );
    },
    async complete(key, outcome) {
      await db.query('UPDATE idempotency_keys SET outcome = $2::jsonb, completed_at = now() WHERE key = $1', [
        key,
        toJsonText(outcome),
      ]);
    },
    async release(key) {
      await db.query('DELETE FROM idempotency_keys WHERE key = $1', [key]);
    },
  };
}

function stateOf(
  row: { fingerprint: string; outcome: StoredOutcome | null },
  fingerprint: string,
): IdempotencyState {
  if (row.fingerprint !== fingerprint) return { state: 'conflict' };
  return row.outcome === null ? { state: 'running' } : { state: 'done', outcome: row.outcome };
}
