import type { AnyAction, RateLimitRule } from '../../action/types.js';

/** The action's rate limit rules (its `rateLimit`, one rule or several). */
export function rulesOf(action: AnyAction): readonly RateLimitRule[] {
  const rules = action.rateLimit;
  if (!rules) return [];
  return Array.isArray(rules) ? (rules as RateLimitRule[]) : [rules as RateLimitRule];
}
