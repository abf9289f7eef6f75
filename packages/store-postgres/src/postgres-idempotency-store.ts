import type {
  IdempotencyClaim,
  IdempotencyState,
  IdempotencyStore,
  StoredOutcome,
} from '@affordance/core/ports';
import { isoOf, toJsonText } from './json-text.js';
import type { SqlClient } from './sql-client.js';
import { StoreError } from './store-error.js';

// Claims a new key, or takes over an expired one or a running one whose lease lapsed, under a fresh token; no row
// comes back when a live claim holds it. The row it replaced, as the statement's snapshot saw it, names the call it
// interrupted (no FOR UPDATE: the CTE is read after the upsert, which would hide the row it just changed).
const CLAIM = `WITH previous AS (
    SELECT call_id, claimed_at, outcome IS NULL AND lease_until <= now() AND expires_at > now() AS lapsed
    FROM idempotency_keys WHERE key = $1)
  INSERT INTO idempotency_keys (key, fingerprint, expires_at, claim, lease_until, call_id)
  VALUES ($1, $2, now() + $3::double precision * interval '1 millisecond', $4,
    CASE WHEN $5::double precision IS NULL THEN NULL ELSE now() + $5::double precision * interval '1 millisecond' END,
    $6)
  ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, outcome = NULL, claimed_at = now(),
    completed_at = NULL, expires_at = EXCLUDED.expires_at, claim = EXCLUDED.claim,
    lease_until = EXCLUDED.lease_until, call_id = EXCLUDED.call_id
  WHERE idempotency_keys.expires_at <= now()
    OR (idempotency_keys.outcome IS NULL AND idempotency_keys.lease_until <= now())
  RETURNING key, (SELECT lapsed FROM previous) AS lapsed, (SELECT call_id FROM previous) AS interrupted_call,
    (SELECT claimed_at FROM previous) AS interrupted_at`;

// Extends a running claim's lease while it still carries the caller's token.
const RENEW = `UPDATE idempotency_keys SET lease_until = now() + $3::double precision * interval '1 millisecond'
  WHERE key = $1 AND claim = $2 AND outcome IS NULL RETURNING 1`;

const READ = `SELECT fingerprint, outcome,
  expires_at > now() AND (outcome IS NOT NULL OR lease_until IS NULL OR lease_until > now()) AS live
  FROM idempotency_keys WHERE key = $1`;

// Both touch the row only while it still carries the caller's token: one atomic compare, whatever other processes do.
const LAPSE = `UPDATE idempotency_keys SET lease_until = now()
  WHERE outcome IS NULL AND expires_at > now() AND (lease_until IS NULL OR lease_until > now()) RETURNING 1`;
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
    async begin({ key, fingerprint, ttlMs, leaseMs, callId }) {
      for (const [name, value] of [
        ['ttlMs', ttlMs],
        ['leaseMs', leaseMs ?? 0],
      ] as const) {
        if (typeof value !== 'number' || !(value >= 0)) {
          throw new StoreError(
            'invalid_input',
            `idempotency ${name} must be a number of milliseconds ≥ 0, not ${value}`,
          );
        }
      }
      // The row may vanish or expire between the two statements (a release, a short ttl): then claim again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const token = globalThis.crypto.randomUUID();
        const claimed = await db.query<ClaimRow>(CLAIM, [
          key,
          fingerprint,
          ttlMs,
          token,
          leaseMs ?? null,
          callId ?? null,
        ]);
        const row = claimed.rows[0];
        if (row) return newClaim({ key, token }, row);
        const { rows } = await db.query<{
          fingerprint: string;
          outcome: StoredOutcome | null;
          live: boolean;
        }>(READ, [key]);
        const found = rows[0];
        if (!found?.live) continue;
        return stateOf(found, fingerprint);
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
    async renew(claim, leaseMs) {
      const { rows } = await db.query(RENEW, [claim.key, claim.token, leaseMs]);
      return rows.length > 0;
    },
    async release(claim) {
      const { rows } = await db.query(RELEASE, [claim.key, claim.token]);
      return rows.length > 0;
    },
    async lapseRunning() {
      const { rows } = await db.query(LAPSE, []);
      return rows.length;
    },
  };
}

interface ClaimRow {
  lapsed: boolean | null;
  interrupted_call: string | null;
  interrupted_at: unknown;
}

function newClaim(claim: IdempotencyClaim, row: ClaimRow): IdempotencyState {
  if (row.lapsed !== true) return { state: 'new', claim };
  const interrupted = {
    claimedAt: isoOf(row.interrupted_at),
    ...(row.interrupted_call ? { callId: row.interrupted_call } : {}),
  };
  return { state: 'new', claim, interrupted };
}

function stateOf(
  row: { fingerprint: string; outcome: StoredOutcome | null },
  fingerprint: string,
): IdempotencyState {
  if (row.fingerprint !== fingerprint) return { state: 'conflict' };
  return row.outcome === null ? { state: 'running' } : { state: 'done', outcome: row.outcome };
}
