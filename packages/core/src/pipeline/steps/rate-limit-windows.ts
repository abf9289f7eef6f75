import type { AnyAction, RateLimitRule } from '../../action/types.js';
import { actionError } from '../../errors/action-error.js';
import type { RateDecision, RateLimiter } from '../../ports/rate-limiter.js';
import { type CallState, fail, NEXT, type StepAnswer, type StepOutcome } from '../call-state.js';
import { rulesOf } from './rate-limit-rules.js';

/** The body of the `rate-limit` step (`rate-limit.ts`): count the call against each of the action's windows. */
export function countCall(state: CallState): StepAnswer {
  // A call resumed after approval was counted when it was first made.
  if (state.approved) return NEXT;
  return askWindows(state, consume);
}

/**
 * The `rate-limit` step of `registry.preview`: whether each window has room for the call, counting nothing. A
 * limiter that cannot peek is not asked.
 */
export function peekCall(state: CallState): StepAnswer {
  return state.runtime.store.rateLimiter.peek ? askWindows(state, peek) : NEXT;
}

type WindowRequest = Parameters<RateLimiter['consume']>[0];
type Ask = (limiter: RateLimiter, request: WindowRequest) => RateDecision | Promise<RateDecision>;

const consume: Ask = (limiter, request) => limiter.consume(request);
const peek: Ask = (limiter, request) => limiter.peek!(request);

function askWindows(state: CallState, ask: Ask): StepAnswer {
  const windows = windowsOf(state.action!, state.name);
  const limiter = state.runtime.store.rateLimiter;
  for (let index = 0; index < windows.length; index++) {
    const counter = windows[index]!;
    const pending = ask(limiter, { key: counter.keyFor(state), rule: counter.rule });
    if (pending instanceof Promise) return askRest(state, ask, windows, index, pending);
    if (!pending.allowed) return refuse(state, counter.rule, pending.retryAfterMs);
  }
  return NEXT;
}

// A store answering asynchronously (a database): await each window in turn, as a synchronous one is asked.
async function askRest(
  state: CallState,
  ask: Ask,
  windows: readonly RuleWindow[],
  from: number,
  first: Promise<RateDecision>,
): Promise<StepOutcome> {
  const limiter = state.runtime.store.rateLimiter;
  let pending: RateDecision | Promise<RateDecision> = first;
  for (let index = from; index < windows.length; index++) {
    const counter = windows[index]!;
    if (index > from) pending = ask(limiter, { key: counter.keyFor(state), rule: counter.rule });
    const decision = pending instanceof Promise ? await pending : pending;
    if (!decision.allowed) return refuse(state, counter.rule, decision.retryAfterMs);
  }
  return NEXT;
}

const MAX_CACHED_KEYS = 10_000;

/** One rule of an action with its counter keys (`<name>:<points>/<duration>:<subject>`) built once per subject. */
class RuleWindow {
  // Keyed by the bare user, session or tenant id, so a repeated caller costs one map lookup and no new string.
  private readonly keys = new Map<unknown, string>();
  private readonly prefix: string;
  private readonly per: NonNullable<RateLimitRule['per']>;

  constructor(
    name: string,
    readonly rule: RateLimitRule,
  ) {
    this.per = rule.per ?? 'user';
    this.prefix = `${name}:${rule.points}/${rule.duration}:${this.per === 'global' ? 'global' : `${this.per}:`}`;
  }

  keyFor(state: CallState): string {
    const subject = subjectOf(state, this.per);
    let key = this.keys.get(subject);
    if (key === undefined) {
      if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
      key = this.per === 'global' ? this.prefix : this.prefix + String(subject);
      this.keys.set(subject, key);
    }
    return key;
  }
}

function subjectOf(state: CallState, per: NonNullable<RateLimitRule['per']>): unknown {
  switch (per) {
    case 'user':
      return state.user?.id ?? 'anonymous';
    case 'session':
      return state.call.sessionId ?? 'none';
    case 'tenant':
      return state.user?.tenantId ?? 'default';
    case 'global':
      return '';
    default: {
      const never: never = per;
      return never;
    }
  }
}

const windowCache = new WeakMap<AnyAction, { readonly name: string; readonly windows: RuleWindow[] }>();

function windowsOf(action: AnyAction, name: string): readonly RuleWindow[] {
  const cached = windowCache.get(action);
  if (cached && cached.name === name) return cached.windows;
  const windows = rulesOf(action).map((rule) => new RuleWindow(name, rule));
  windowCache.set(action, { name, windows });
  return windows;
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
