import type { ActionError } from '../errors/action-error.js';
import { newId } from '../util/new-id.js';

/** The part of a result kept for an idempotency key. */
export type StoredOutcome =
  | { readonly ok: true; readonly value: unknown; readonly message?: string }
  | { readonly ok: false; readonly error: ActionError };

/**
 * A key one call holds. `token` is unique to this claim: once the key expires and another call claims it, the
 * first call's token no longer matches, so it cannot overwrite or release the newer claim.
 */
export interface IdempotencyClaim {
  readonly key: string;
  readonly token: string;
}

/** What `begin` found for a key. */
export type IdempotencyState =
  | { readonly state: 'new'; readonly claim: IdempotencyClaim }
  | { readonly state: 'done'; readonly outcome: StoredOutcome }
  | { readonly state: 'running' }
  | { readonly state: 'conflict' };

/** Port: claims idempotency keys atomically and keeps the first outcome for `ttlMs`. */
export interface IdempotencyStore {
  /** Claim `key` for a call whose arguments hash to `fingerprint`; a key whose `ttlMs` has passed is free again. */
  begin(request: {
    readonly key: string;
    readonly fingerprint: string;
    readonly ttlMs: number;
  }): Promise<IdempotencyState>;
  /**
   * Keep `outcome` for the claimed key if the key still carries this claim's token, in one atomic compare; answers
   * false, writing nothing, when the claim was lost (it expired and another call claimed the key, or it was released).
   */
  complete(claim: IdempotencyClaim, outcome: StoredOutcome): Promise<boolean>;
  /**
   * Give the key up (the call was aborted before it could finish), so a retry may run; only while the key still
   * carries this claim's token. Answers whether it did.
   */
  release(claim: IdempotencyClaim): Promise<boolean>;
}

interface Entry {
  fingerprint: string;
  token: string;
  expiresAt: number;
  outcome?: StoredOutcome;
}

/**
 * An idempotency store held in memory. Expired keys are dropped as they are met, and swept whenever the store has
 * doubled since the last sweep, so keys that are never used again do not pile up. `now` is its clock
 * (milliseconds), so tests can move time instead of waiting.
 */
export function createMemoryIdempotencyStore(
  now: () => number = Date.now,
): IdempotencyStore & { readonly size: number } {
  const entries = new Map<string, Entry>();
  let sweepAt = 1_024;
  const sweep = (time: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    sweepAt = Math.max(1_024, 2 * entries.size);
  };
  return {
    async begin({ key, fingerprint, ttlMs }) {
      const time = now();
      const existing = entries.get(key);
      if (existing && existing.expiresAt > time) {
        if (existing.fingerprint !== fingerprint) return { state: 'conflict' };
        return existing.outcome ? { state: 'done', outcome: existing.outcome } : { state: 'running' };
      }
      if (entries.size >= sweepAt) sweep(time);
      const token = newId('claim');
      entries.set(key, { fingerprint, token, expiresAt: time + ttlMs });
      return { state: 'new', claim: { key, token } };
    },
    async complete(claim, outcome) {
      const entry = entries.get(claim.key);
      if (entry?.token !== claim.token) return false;
      entry.outcome = outcome;
      return true;
    },
    async release(claim) {
      if (entries.get(claim.key)?.token !== claim.token) return false;
      entries.delete(claim.key);
      return true;
    },
    get size() {
      return entries.size;
    },
  };
}
