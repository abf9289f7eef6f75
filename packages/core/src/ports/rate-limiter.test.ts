import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limiter.js';

describe('createMemoryRateLimiter', () => {
  it('answers synchronously: no promise per call', () => {
    const limiter = createMemoryRateLimiter();
    const decision = limiter.consume({ key: 'k', rule: { points: 1, duration: 60 } });
    expect(decision).not.toBeInstanceOf(Promise);
    expect(decision).toEqual({ allowed: true });
  });

  it('refuses past the points with the time left in the window', () => {
    const limiter = createMemoryRateLimiter();
    const rule = { points: 2, duration: 30 };
    const decisions = Array.from({ length: 4 }, () => limiter.consume({ key: 'k', rule }));
    expect(decisions.map((decision) => 'allowed' in decision && decision.allowed)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const refused = decisions[2] as { allowed: false; retryAfterMs: number };
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('shares one counter between equal rules given as different objects, and keeps window shapes apart', () => {
    const limiter = createMemoryRateLimiter();
    expect(limiter.consume({ key: 'k', rule: { points: 1, duration: 60 } })).toEqual({ allowed: true });
    expect(limiter.consume({ key: 'k', rule: { points: 1, duration: 60 } })).toMatchObject({
      allowed: false,
    });
    expect(limiter.consume({ key: 'k', rule: { points: 1, duration: 61 } })).toEqual({ allowed: true });
  });
});
