import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import type { RateLimitRule } from '../action/types.js';

/** The answer of a rate limiter for one call. */
export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterMs: number };

/** Port: counts calls per key in time windows. Durable implementations share counters across processes. */
export interface RateLimiter {
  consume(request: {
    readonly key: string;
    readonly rule: RateLimitRule;
  }): RateDecision | Promise<RateDecision>;
}

interface FlexibleLimiter {
  consume(key: string, points?: number): Promise<unknown>;
}

/** An in-process rate limiter on rate-limiter-flexible's memory store (one limiter per window shape). */
export function createMemoryRateLimiter(): RateLimiter {
  const limiters = new Map<string, FlexibleLimiter>();
  const limiterFor = (rule: RateLimitRule): FlexibleLimiter => {
    const shape = `${rule.points}/${rule.duration}`;
    let limiter = limiters.get(shape);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: rule.points, duration: rule.duration }) as FlexibleLimiter;
      limiters.set(shape, limiter);
    }
    return limiter;
  };
  return {
    async consume({ key, rule }) {
      try {
        await limiterFor(rule).consume(key, 1);
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        const { msBeforeNext } = rejection as { msBeforeNext?: number };
        return { allowed: false, retryAfterMs: Math.max(0, Math.ceil(msBeforeNext ?? rule.duration * 1000)) };
      }
    },
  };
}
