import type { RateLimitRule } from '../../action/types.js';
import { actionError } from '../../errors/action-error.js';
import type { RateDecision } from '../../ports/rate-limiter.js';
import { type CallState, fail, NEXT, type Step, type StepOutcome } from '../call-state.js';

/** Count the call against each of the action's time windows, per user, session, tenant or globally. */
export const rateLimit: Step = {
  name: 'rate-limit',
  run(state) {
    const rules = state.action!.rateLimit;
    // A call resumed after approval was counted when it was first made.
    if (!rules || state.approved) return NEXT;
    return consumeAll(state, Array.isArray(rules) ? (rules as RateLimitRule[]) : [rules as RateLimitRule]);
  },
};

async function consumeAll(state: CallState, rules: RateLimitRule[]): Promise<StepOutcome> {
  for (const rule of rules) {
    const key = `${state.name}:${rule.points}/${rule.duration}:${subject(state, rule)}`;
    const pending = state.runtime.store.rateLimiter.consume({ key, rule });
    const decision: RateDecision = pending instanceof Promise ? await pending : pending;
    if (!decision.allowed) return refuse(state, rule, decision.retryAfterMs);
  }
  return NEXT;
}

function subject(state: CallState, rule: RateLimitRule): string {
  switch (rule.per ?? 'user') {
    case 'user':
      return `user:${state.user?.id ?? 'anonymous'}`;
    case 'session':
      return `session:${state.call.sessionId ?? 'none'}`;
    case 'tenant':
      return `tenant:${state.user?.tenantId ?? 'default'}`;
    case 'global':
      return 'global';
  }
}

function refuse(state: CallState, rule: RateLimitRule, retryAfterMs: number): StepOutcome {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return fail(
    actionError(
      'rate_limited',
      `${state.name} may run at most ${rule.points} time${rule.points === 1 ? '' : 's'} per ${rule.duration} s per ${rule.per ?? 'user'}; try again in ${seconds} s`,
      { details: { retryAfterMs, points: rule.points, duration: rule.duration, per: rule.per ?? 'user' } },
    ),
  );
}
