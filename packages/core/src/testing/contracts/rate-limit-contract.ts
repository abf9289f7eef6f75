import type { RateLimitRule } from '../../action/types.js';
import { type ContractContext, settle } from './contract-context.js';

/** Rate limits allow `points` calls per window per key, refuse the rest with a wait, and hold under concurrency. */
export function rateLimitContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  const consume = (key: string, rule: RateLimitRule) => settle(store().rateLimiter.consume({ key, rule }));
  describe('rate limiter', () => {
    it('allows `points` calls in a window, then refuses with the time left', async () => {
      const key = unique('rate');
      const rule = { points: 3, duration: 60 };
      const decisions = [];
      for (let call = 0; call < 5; call++) decisions.push(await consume(key, rule));
      expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false, false]);
      const refused = decisions[3]!;
      if (refused.allowed) throw new Error('the fourth call should have been refused');
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('counts each key on its own', async () => {
      const rule = { points: 1, duration: 60 };
      const first = unique('rate');
      expect(await consume(first, rule)).toEqual({ allowed: true });
      expect((await consume(first, rule)).allowed).toBe(false);
      expect(await consume(unique('rate'), rule)).toEqual({ allowed: true });
    });

    it('never allows more than `points` among simultaneous calls', async () => {
      const key = unique('rate');
      const rule = { points: 4, duration: 60 };
      const decisions = await Promise.all(Array.from({ length: 15 }, () => consume(key, rule)));
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(4);
    });

    // `peek` is optional (a preview without it leaves the rate limit out); a limiter that has it keeps this.
    it('peek answers as the next consume would, and counts nothing', async () => {
      const limiter = store().rateLimiter;
      if (!limiter.peek) return;
      const peek = (key: string, rule: RateLimitRule) => settle(limiter.peek!({ key, rule }));
      const key = unique('rate');
      const rule = { points: 2, duration: 60 };
      for (let asked = 0; asked < 4; asked++) expect(await peek(key, rule)).toEqual({ allowed: true });
      expect(await consume(key, rule)).toEqual({ allowed: true });
      expect(await peek(key, rule)).toEqual({ allowed: true });
      expect(await consume(key, rule)).toEqual({ allowed: true });
      const refused = await peek(key, rule);
      if (refused.allowed) throw new Error('a full window should be refused');
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect((await consume(key, rule)).allowed).toBe(false);
    });
  });
}
