import type { ActionError } from '../errors/action-error.js';

/** The part of a result kept for an idempotency key. */
export type StoredOutcome =
  | { readonly ok: true; readonly value: unknown; readonly message?: string }
  | { readonly ok: false; readonly error: ActionError };

/** What `begin` found for a key. */
export type IdempotencyState =
  | { readonly state: 'new' }
  | { readonly state: 'done'; readonly outcome: StoredOutcome }
  | { readonly state: 'running' }
  | { readonly state: 'conflict' };

/** Port: claims idempotency keys atomically and keeps the first outcome for `ttlMs`. */
export interface IdempotencyStore {
  /** Claim `key` for a call whose arguments hash to `fingerprint`. */
  begin(request: {
    readonly key: string;
    readonly fingerprint: string;
    readonly ttlMs: number;
  }): Promise<IdempotencyState>;
  complete(key: string, outcome: StoredOutcome): Promise<void>;
  /** Give the key up (the call was aborted before it could finish), so a retry may run. */
  release(key: string): Promise<void>;
}

interface Entry {
  fingerprint: string;
  expiresAt: number;
  outcome?: StoredOutcome;
}

/** An idempotency store held in memory; expired keys are dropped as they are met. */
export function createMemoryIdempotencyStore(now: () => number = Date.now): IdempotencyStore {
  const entries = new Map<string, Entry>();
  return {
    async begin({ key, fingerprint, ttlMs }) {
      const existing = entries.get(key);
      if (existing && existing.expiresAt > now()) {
        if (existing.fingerprint !== fingerprint) return { state: 'conflict' };
        return existing.outcome ? { state: 'done', outcome: existing.outcome } : { state: 'running' };
      }
      entries.set(key, { fingerprint, expiresAt: now() + ttlMs });
      return { state: 'new' };
    },
    async complete(key, outcome) {
      const entry = entries.get(key);
      if (entry) entry.outcome = outcome;
    },
    async release(key) {
      entries.delete(key);
    },
  };
}
