import type { StoredOutcome } from '../../ports/idempotency-store.js';
import type { ContractContext } from './contract-context.js';
import { leaseContract } from './lease-contract.js';
import { expectNewClaim, lostClaimContract } from './lost-claim-contract.js';

const HOUR = 60 * 60 * 1000;

/** Idempotency keys are claimed once, keep their first outcome, refuse other arguments, and expire. */
export function idempotencyContract(context: ContractContext): void {
  const { api, store, unique } = context;
  const { describe, it, expect } = api;
  describe('idempotency', () => {
    it('claims a new key, says running until it completes, then replays the outcome', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const claim = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR }),
        key,
      );
      expect(await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR })).toEqual({ state: 'running' });
      const outcome: StoredOutcome = {
        ok: true,
        value: { id: 'shape-4', sizes: [1, 2.5], nested: { ok: null } },
        message: 'done',
      };
      expect(await idempotency.complete(claim, outcome)).toBe(true);
      expect(await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR })).toEqual({
        state: 'done',
        outcome,
      });
    });

    it('keeps a failed outcome with its error', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const claim = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR }),
        key,
      );
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
      expect(await idempotency.complete(claim, outcome)).toBe(true);
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR })).toEqual({
        state: 'done',
        outcome,
      });
    });

    it('answers conflict for the same key with other arguments, running or done', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const claim = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR }),
        key,
      );
      expect(await idempotency.begin({ key, fingerprint: 'f2', ttlMs: HOUR })).toEqual({ state: 'conflict' });
      await idempotency.complete(claim, { ok: true, value: 1 });
      expect(await idempotency.begin({ key, fingerprint: 'f2', ttlMs: HOUR })).toEqual({ state: 'conflict' });
    });

    it('lets a released key be claimed again', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const claim = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f1', ttlMs: HOUR }),
        key,
      );
      expect(await idempotency.release(claim)).toBe(true);
      expectNewClaim(expect, await idempotency.begin({ key, fingerprint: 'f2', ttlMs: HOUR }), key);
    });

    it('treats an expired key as new, whether it was running or done', async () => {
      const running = unique('key');
      const done = unique('key');
      const { idempotency } = store();
      await idempotency.begin({ key: running, fingerprint: 'f', ttlMs: 0 });
      expectNewClaim(
        expect,
        await idempotency.begin({ key: running, fingerprint: 'g', ttlMs: HOUR }),
        running,
      );
      const old = expectNewClaim(
        expect,
        await idempotency.begin({ key: done, fingerprint: 'f', ttlMs: 0 }),
        done,
      );
      await idempotency.complete(old, { ok: true, value: 'old' });
      expectNewClaim(expect, await idempotency.begin({ key: done, fingerprint: 'f', ttlMs: HOUR }), done);
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

    lostClaimContract(context);
    leaseContract(context);
  });
}
