import { defineAction } from '../../action/define-action.js';
import type { Logger } from '../../action/types.js';
import type { IdempotencyClaim, IdempotencyState } from '../../ports/idempotency-store.js';
import { createRegistry } from '../../registry/create-registry.js';
import type { ContractTestApi } from '../contract-api.js';
import type { ContractContext } from './contract-context.js';

const HOUR = 60 * 60 * 1000;

/** Check that `begin` answered a fresh claim of `key` with a token, and give the claim back. */
export function expectNewClaim(
  expect: ContractTestApi['expect'],
  found: IdempotencyState,
  key: string,
): IdempotencyClaim {
  if (found.state !== 'new') throw new Error(`expected a new claim of ${key}, found ${found.state}`);
  expect(found.claim.key).toBe(key);
  expect(typeof found.claim.token).toBe('string');
  expect(found.claim.token.length).toBeGreaterThan(0);
  return found.claim;
}

/**
 * A call whose claim expired and was taken over cannot overwrite or release the newer claim: the store answers
 * false and keeps the newer outcome, and through a registry the slow call still returns its own result.
 */
export function lostClaimContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  describe('a lost claim', () => {
    it('cannot overwrite the outcome of the call that re-claimed the expired key', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const first = expectNewClaim(expect, await idempotency.begin({ key, fingerprint: 'f', ttlMs: 0 }), key);
      const second = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR }),
        key,
      );
      expect(second.token).not.toBe(first.token);
      expect(await idempotency.complete(second, { ok: true, value: 'second' })).toBe(true);
      expect(await idempotency.complete(first, { ok: true, value: 'first, late' })).toBe(false);
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR })).toEqual({
        state: 'done',
        outcome: { ok: true, value: 'second' },
      });
    });

    it('cannot complete while the newer claim is still running', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const first = expectNewClaim(expect, await idempotency.begin({ key, fingerprint: 'f', ttlMs: 0 }), key);
      const second = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR }),
        key,
      );
      expect(await idempotency.complete(first, { ok: true, value: 'first, late' })).toBe(false);
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR })).toEqual({ state: 'running' });
      expect(
        await idempotency.complete(second, { ok: false, error: { code: 'timeout', message: 'slow' } }),
      ).toBe(true);
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR })).toEqual({
        state: 'done',
        outcome: { ok: false, error: { code: 'timeout', message: 'slow' } },
      });
    });

    it('cannot release the newer claim', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const first = expectNewClaim(expect, await idempotency.begin({ key, fingerprint: 'f', ttlMs: 0 }), key);
      expectNewClaim(expect, await idempotency.begin({ key, fingerprint: 'g', ttlMs: HOUR }), key);
      expect(await idempotency.release(first)).toBe(false);
      expect(await idempotency.begin({ key, fingerprint: 'g', ttlMs: HOUR })).toEqual({ state: 'running' });
      expect(await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR })).toEqual({ state: 'conflict' });
    });

    it('answers false for a claim already released, and for a token it never gave', async () => {
      const key = unique('key');
      const { idempotency } = store();
      const claim = expectNewClaim(
        expect,
        await idempotency.begin({ key, fingerprint: 'f', ttlMs: HOUR }),
        key,
      );
      expect(
        await idempotency.complete({ key, token: `${claim.token}-forged` }, { ok: true, value: 1 }),
      ).toBe(false);
      expect(await idempotency.release(claim)).toBe(true);
      expect(await idempotency.release(claim)).toBe(false);
      expect(await idempotency.complete(claim, { ok: true, value: 1 })).toBe(false);
    });

    it('through a registry: the slow call returns its own result, the newer outcome stands and is replayed', async () => {
      const user = { id: unique('user') };
      const warnings: string[] = [];
      const logger: Logger = {
        debug() {},
        info() {},
        warn: (_record, message) => warnings.push(message ?? ''),
        error: (_record, message) => warnings.push(`error: ${message ?? ''}`),
      };
      const executed: string[] = [];
      let started!: () => void;
      const slowStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      let finish!: () => void;
      const gate = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const charge = (by: string, wait?: Promise<void>) =>
        defineAction({
          name: 'charge',
          description: 'Charge once per idempotency key.',
          input: { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false },
          handler: async (input: { n?: number }) => {
            executed.push(by);
            if (wait) {
              started();
              await wait;
            }
            return { by, n: input.n ?? 0 };
          },
        });
      // Same store, same action name, same user: one idempotency key. The slow registry's claims expire at once.
      const slow = createRegistry({
        store: store(),
        idempotencyTtlMs: 0,
        logger,
        actions: [charge('slow', gate)],
      });
      const fast = createRegistry({ store: store(), logger, actions: [charge('fast')] });
      const call = { name: 'charge', args: { n: 3 }, user, idempotencyKey: 'order-3' };

      const late = slow.run(call);
      await slowStarted;
      const retaken = await fast.run(call);
      expect(retaken).toMatchObject({ ok: true, value: { by: 'fast', n: 3 } });
      expect(retaken.replayed === true).toBe(false);
      finish();
      expect(await late).toMatchObject({ ok: true, value: { by: 'slow', n: 3 } });
      expect(warnings).toEqual([
        'idempotency claim lost: the key expired and was claimed by another call, whose outcome is kept',
      ]);
      expect(await fast.run(call)).toMatchObject({ ok: true, value: { by: 'fast', n: 3 }, replayed: true });
      expect(executed).toEqual(['slow', 'fast']);
    });
  });
}
