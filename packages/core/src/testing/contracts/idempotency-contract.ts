import type { StoredOutcome } from '../../ports/idempotency-store.js';
import type { ContractContext } from './contract-context.js';

const HOUR = 60 * 60 * 1000;

/** Idempotency keys are claimed once, keep their first outcome, refuse other arguments, and expire. */
export function idempotencyContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  describe('idempotency', () => {
    it('claims a new key, says running until it completes, then replays the outcome', async () => {
      const key = unique('key');
      const { idempotency } = store();
      expect(await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR })).toEqual({ state: 'new' });
      expect(await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR })).toEqual({ state: 'running' });
      const outcome: StoredOutcome = {
        ok: true,
        value: { id: 'shape-4', sizes: [1, 2.5], nested: { ok: null } },
        message: 'done',
      };
      await idempotency.complete(key, outcome);
      expect(await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR })).toEqual({
        state: 'done',
        outcome,
      });
    });

    it('keeps a failed outcome with its error', async () => {
      const key = unique('key');
      const { idempotency } = store();
      await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR });
      const outcome: StoredOutcome = {
        ok: false,
        error: {
          code: 'invalid_args',
          message: 'color is wrong',
          hint: 'use #rrggbb',
          issues: [{ path: ['color'], message: 'must match ^#[0-9a-f]{6}$', keyword: 'pattern' }],
          details: { received: 'red' },
        },
      };
      await idempotency.complete(key, outcome);
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR })).toEqual({
        state: 'done',
        outcome,
      });
    });

    it('answers conflict for the same key with other arguments, running or done', async () => {
      const key = unique('key');
      const { idempotency } = store();
      await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR });
      expect(await idempotency.begin({ key, fingerprint: 'f2', ttlMs: HOUR })).toEqual({ state: 'conflict' });
      await idempotency.complete(key, { ok: true, value: 1 });
      expect(await idempotency.begin({ key, fingerprint: 'f2', ttlMs: HOUR })).toEqual({ state: 'conflict' });
    });

    it('lets a released key be claimed again', async () => {
      const key = unique('key');
      const { idempotency } = store();
      await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR });
      await idempotency.release(key);
      expect(await idempotency.begin({ key, fingerprint: 'f2', ttlMs: HOUR })).toEqual({ state: 'new' });
    });

    it('treats an expired key as new, whether it was running or done', async () => {
      const running = unique('key');
      const done = unique('key');
      const { idempotency } = store();
      await idempotency.begin({ key: running, fingerprint: 'f', ttlMs: 0 });
      expect(await idempotency.begin({ key: running, fingerprint: 'g', ttlMs: HOUR })).toEqual({
        state: 'new',
      });
      await idempotency.begin({ key: done, fingerprint: 'f', ttlMs: 0 });
      await idempotency.complete(done, { ok: true, value: 'old' });
      expect(await idempotency.begin({ key: done, fingerprint: 'f', ttlMs: HOUR })).toEqual({ state: 'new' });
    });

    it('gives a key to exactly one of many simultaneous claims', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const states = await Promise.all(
        Array.from({ length: 12 }, () => idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR })),
      );
      expect(states.filter((found) => found.state === 'new')).toHaveLength(1);
      expect(states.filter((found) => found.state === 'running')).toHaveLength(11);
    });
  });
}
