import MemoryStorage from 'rate-limiter-flexible/lib/component/MemoryStorage/MemoryStorage.js';
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
  /**
   * Whether one more call would be allowed now, without counting it (`registry.preview`). Optional: a preview
   * with a limiter that cannot peek leaves the rate limit out of its answer.
   */
  peek?(request: {
    readonly key: string;
    readonly rule: RateLimitRule;
  }): RateDecision | Promise<RateDecision>;
}

const ALLOWED: RateDecision = Object.freeze({ allowed: true });

/**
 * An in-process rate limiter on rate-limiter-flexible's memory store (one store per window shape), answering
 * synchronously: the same fixed windows as its `RateLimiterMemory`, without a promise per call.
 */
export function createMemoryRateLimiter(): RateLimiter {
  const byShape = new Map<string, MemoryStorage>();
  // Rules are usually the same object call after call (an action's own `rateLimit`): look them up by identity.
  const byRule = new WeakMap<RateLimitRule, MemoryStorage>();
  const storageFor = (rule: RateLimitRule): MemoryStorage => {
    let storage = byRule.get(rule);
    if (storage) return storage;
    const shape = `${rule.points}/${rule.duration}`;
    storage = byShape.get(shape);
    if (!storage) {
      storage = new MemoryStorage();
      byShape.set(shape, storage);
    }
    byRule.set(rule, storage);
    return storage;
  };
  return {
    consume({ key, rule }) {
      const counted = storageFor(rule).incrby(key, 1, rule.duration);
      if (counted.consumedPoints <= rule.points) return ALLOWED;
      const retryAfterMs = counted.msBeforeNext < 0 ? rule.duration * 1000 : counted.msBeforeNext;
      return { allowed: false, retryAfterMs: Math.max(0, Math.ceil(retryAfterMs)) };
    },
    peek({ key, rule }) {
      const counted = storageFor(rule).get(key);
      // No window yet, or one that has ended: the next call opens a new window.
      if (!counted || counted.msBeforeNext <= 0 || counted.consumedPoints < rule.points) return ALLOWED;
      return { allowed: false, retryAfterMs: Math.ceil(counted.msBeforeNext) };
    },
  };
}
