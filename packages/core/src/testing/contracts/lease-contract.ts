import type { ContractContext } from './contract-context.js';
import { expectNewClaim } from './lost-claim-contract.js';

const HOUR = 60 * 60 * 1000;

/**
 * A running key is held on a lease its call renews: once the lease lapses (its process died) the key can be
 * taken again, long before its ttl, and the new claim names the call it interrupted; a finished key keeps its
 * outcome for the whole ttl.
 */
export function leaseContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  describe('leases', () => {
    it('lets a running key whose lease lapsed be taken again, naming the interrupted call', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const first = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR, leaseMs: 0, callId: 'call-killed' }),
        key,
      );
      const taken = await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR });
      const second = expectNewClaim(expect, taken, key);
      expect(taken.state === 'new' && taken.interrupted?.callId).toBe('call-killed');
      expect(taken.state === 'new' && Number.isNaN(Date.parse(taken.interrupted?.claimedAt ?? ''))).toBe(
        false,
      );
      expect(second.token).not.toBe(first.token);
      expect(await idempotency.complete(first, { ok: true, value: 'late' })).toBe(false);
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR })).toEqual({
        state: 'running',
      });
    });

    it('keeps a key whose lease is renewed, and refuses to renew a claim it no longer holds', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const claim = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR }),
        key,
      );
      expect(await idempotency.renew(claim, HOUR)).toBe(true);
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR })).toEqual({
        state: 'running',
      });
      expect(await idempotency.renew({ key, token: `${claim.token}-forged` }, HOUR)).toBe(false);
      expect(await idempotency.complete(claim, { ok: true, value: 1 })).toBe(true);
      expect(await idempotency.renew(claim, HOUR)).toBe(false);
    });

    it('keeps a finished outcome for the whole ttl, whatever its lease was', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const claim = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR, leaseMs: 0 }),
        key,
      );
      expect(await idempotency.complete(claim, { ok: true, value: 'kept' })).toBe(true);
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR })).toEqual({
        state: 'done',
        outcome: { ok: true, value: 'kept' },
      });
    });

    it('ends every running lease at once when told no process holds them, and leaves finished keys alone', async () => {
      const running = unique('key');
      const finished = unique('key');
      const { idempotency } = store();
      expectNewClaim(
        expect,
        await idempotency.begin({
          key: running,
          fingerprint: 'f',
          ttlMs: HOUR,
          leaseMs: HOUR,
          callId: 'call-gone',
        }),
        running,
      );
      const done = expectNewClaim(
        expect,
        await idempotency.begin({ key: finished, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR }),
        finished,
      );
      expect(await idempotency.complete(done, { ok: true, value: 'kept' })).toBe(true);
      expect(await idempotency.begin({ key: running, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR })).toEqual(
        {
          state: 'running',
        },
      );
      expect(await idempotency.lapseRunning()).toBeGreaterThan(0);
      const taken = await idempotency.begin({ key: running, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR });
      expectNewClaim(expect, taken, running);
      expect(taken.state === 'new' && taken.interrupted?.callId).toBe('call-gone');
      expect(
        await idempotency.begin({ key: finished, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR }),
      ).toEqual({
        state: 'done',
        outcome: { ok: true, value: 'kept' },
      });
    });

    it('reports no interruption when the key simply expired', async () => {
      const key = unique('key');
      const { idempotency } = store();
      await idempotency.begin({ key, fingerprint: 'f', ttlMs: 0, callId: 'call-old' });
      const again = await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR, leaseMs: HOUR });
      expectNewClaim(expect, again, key);
      expect(again.state === 'new' && again.interrupted === undefined).toBe(true);
    });
  });
}
