import type { IdempotencyState, IdempotencyStore, StoredOutcome } from '@affordance/core';
import { toJsonText } from './json-text.js';
import type { SqlClient } from './sql-client.js';
import { StoreError } from './store-error.js';

// Claims a new key, or takes over an expired one, under a fresh token; no row comes back when a live claim holds it.
const CLAIM = `INSERT INTO idempotency_keys (key, fingerprint, expires_at, claim)
  VALUES ($1, $2, now() + $3::double precision * interval '1 millisecond', $4)
  ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, outcome = NULL, claimed_at = now(),
    completed_at = NULL, expires_at = EXCLUDED.expires_at, claim = EXCLUDED.claim
  WHERE idempotency_keys.expires_at <= now()
  RETURNING key`;

const READ = `SELECT fingerprint, outcome, expires_at > now() AS live FROM idempotency_keys WHERE key = $1`;

// Both touch the row only while it still carries the caller's token: one atomic compare, whatever other processes do.
const COMPLETE = `UPDATE idempotency_keys SET outcome = $3::jsonb, completed_at = now()
  WHERE key = $1 AND claim = $2 RETURNING 1`;
const RELEASE = 'DELETE FROM idempotency_keys WHERE key = $1 AND claim = $2 RETURNING 1';

/**
 * Idempotency keys in `idempotency_keys`: `begin` is one atomic INSERT … ON CONFLICT, so the same key sent from
 * several processes at once is claimed by exactly one of them; the first outcome is kept until the key expires, and
 * only the call holding the current claim token can write it.
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
        const token = globalThis.crypto.randomUUID();
        const claimed = await db.query(CLAIM, [key, fingerprint, ttlMs, token]);
        if (claimed.rows.length > 0) return { state: 'new', claim: { key, token } };
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
    async complete(claim, outcome) {
      const { rows } = await db.query(COMPLETE, [claim.key, claim.token, toJsonText(outcome)]);
      return rows.length > 0;
    },
    async release(claim) {
      const { rows } = await db.query(RELEASE, [claim.key, claim.token]);
      return rows.length > 0;
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
