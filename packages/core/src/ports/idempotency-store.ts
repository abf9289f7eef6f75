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

/** A running claim whose lease ran out before it finished: the call its process was running when it stopped. */
export interface InterruptedClaim {
  readonly callId?: string;
  readonly claimedAt: string;
}

/** What `begin` found for a key; a new claim that took over a lapsed running one says what it interrupted. */
export type IdempotencyState =
  | {
      readonly state: 'new';
      readonly claim: IdempotencyClaim;
      readonly interrupted?: InterruptedClaim;
    }
  | { readonly state: 'done'; readonly outcome: StoredOutcome }
  | { readonly state: 'running' }
  | { readonly state: 'conflict' };

/**
 * Port: claims idempotency keys atomically and keeps the first outcome for `ttlMs`. A running claim is held on a
 * lease that its call renews; once the lease runs out (its process died) the key is free again.
 */
export interface IdempotencyStore {
  /**
   * Claim `key` for a call whose arguments hash to `fingerprint`; a key whose `ttlMs` has passed is free again, and
   * so is a running key whose lease (`leaseMs`, when it was claimed with one) ran out.
   */
  begin(request: {
    readonly key: string;
    readonly fingerprint: string;
    readonly ttlMs: number;
    readonly leaseMs?: number;
    /** The call claiming it, named again when another call takes over its lapsed lease. */
    readonly callId?: string;
  }): Promise<IdempotencyState>;
  /** Extend a running claim's lease to `leaseMs` from now; answers false when the claim is no longer held. */
  renew(claim: IdempotencyClaim, leaseMs: number): Promise<boolean>;
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
  /**
   * End the lease of every running claim now, so their keys can be taken again (each taker names the call it
   * interrupted); answers how many. Only for a caller that knows no live process holds them, such as the one
   * process of a PGlite folder under its lock, at start.
   */
  lapseRunning(): Promise<number>;
}

interface Entry {
  fingerprint: string;
  token: string;
  expiresAt: number;
  claimedAt: number;
  leaseUntil: number;
  callId: string | undefined;
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
    async begin({ key, fingerprint, ttlMs, leaseMs, callId }) {
      const time = now();
      const existing = entries.get(key);
      const lapsed = existing !== undefined && !existing.outcome && existing.leaseUntil <= time;
      if (existing && existing.expiresAt > time && !lapsed) {
        if (existing.fingerprint !== fingerprint) return { state: 'conflict' };
        return existing.outcome ? { state: 'done', outcome: existing.outcome } : { state: 'running' };
      }
      if (entries.size >= sweepAt) sweep(time);
      const token = newId('claim');
      const expiresAt = time + ttlMs;
      entries.set(key, {
        fingerprint,
        token,
        expiresAt,
        claimedAt: time,
        leaseUntil: leaseMs === undefined ? expiresAt : time + leaseMs,
        callId,
      });
      const claim = { key, token };
      if (!lapsed || existing.expiresAt <= time) return { state: 'new', claim };
      const interrupted = {
        claimedAt: new Date(existing.claimedAt).toISOString(),
        ...(existing.callId ? { callId: existing.callId } : {}),
      };
      return { state: 'new', claim, interrupted };
    },
    async renew(claim, leaseMs) {
      const entry = entries.get(claim.key);
      if (entry?.token !== claim.token || entry.outcome) return false;
      entry.leaseUntil = now() + leaseMs;
      return true;
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
    async lapseRunning() {
      const time = now();
      let lapsed = 0;
      for (const entry of entries.values()) {
        if (entry.outcome || entry.leaseUntil <= time || entry.expiresAt <= time) continue;
        entry.leaseUntil = time;
        lapsed++;
      }
      return lapsed;
    },
    get size() {
      return entries.size;
    },
  };
}
