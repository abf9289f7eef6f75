import type { RateLimitRule } from '@affordance/core';
import type { RateLimiter } from '@affordance/core/ports';
import type { SqlClient } from './sql-client.js';
import { StoreError } from './store-error.js';

// A fixed window per key, as rate-limiter-flexible counts: the first call opens it, later calls add a point, and
// an expired window starts again at 1. The row lock of ON CONFLICT DO UPDATE serializes concurrent calls.
const CONSUME = `INSERT INTO rate_limits (key, points, expires_at)
  VALUES ($1, 1, now() + $2::double precision * interval '1 second')
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.points + 1 END,
    expires_at = CASE WHEN rate_limits.expires_at <= now() THEN EXCLUDED.expires_at ELSE rate_limits.expires_at END
  RETURNING points, (extract(epoch FROM (expires_at - now())) * 1000)::double precision AS ms_left`;

// The key's open window, if any: what the next CONSUME would add a point to.
const PEEK = `SELECT points, (extract(epoch FROM (expires_at - now())) * 1000)::double precision AS ms_left
  FROM rate_limits WHERE key = $1 AND expires_at > now()`;

/** Durable rate-limit counters in `rate_limits`, shared by every process on the same database. */
export function createPostgresRateLimiter(db: SqlClient): RateLimiter {
  return {
    async consume({ key, rule }) {
      checkRule(rule);
      const { rows } = await db.query<{ points: number; ms_left: number }>(CONSUME, [key, rule.duration]);
      const row = rows[0]!;
      if (Number(row.points) <= rule.points) return { allowed: true };
      return { allowed: false, retryAfterMs: Math.max(0, Math.ceil(Number(row.ms_left))) };
    },
    async peek({ key, rule }) {
      checkRule(rule);
      const { rows } = await db.query<{ points: number; ms_left: number }>(PEEK, [key]);
      const row = rows[0];
      if (!row || Number(row.points) < rule.points) return { allowed: true };
      return { allowed: false, retryAfterMs: Math.max(0, Math.ceil(Number(row.ms_left))) };
    },
  };
}

function checkRule(rule: RateLimitRule): void {
  if (!Number.isInteger(rule.points) || rule.points < 1 || !(rule.duration > 0)) {
    throw new StoreError(
      'invalid_input',
      `a rate limit needs whole points ≥ 1 and a duration > 0 s, not ${rule.points}/${rule.duration}`,
    );
  }
}
