import type { AnyAction } from '../action/types.js';
import type { RegistryRuntime } from '../registry/runtime.js';
import type { Step } from './call-state.js';
import { applyDefaults } from './steps/apply-defaults.js';
import { authorize } from './steps/authorize.js';
import { checkPrerequisites } from './steps/check-prerequisites.js';
import { checkWhen } from './steps/check-when.js';
import { claimIdempotencyKey } from './steps/claim-idempotency-key.js';
import { execute } from './steps/execute.js';
import { parseArgs } from './steps/parse-args.js';
import { rateLimit } from './steps/rate-limit.js';
import { requestApproval } from './steps/request-approval.js';
import { resolveAction } from './steps/resolve-action.js';
import { resolveTarget } from './steps/resolve-target.js';
import { validateInput } from './steps/validate-input.js';
import { validateOutput } from './steps/validate-output.js';

/** The run pipeline, in order. Each step either goes on, fails the call, or finishes it. */
export const PIPELINE: readonly Step[] = [
  resolveAction,
  parseArgs,
  applyDefaults,
  validateInput,
  resolveTarget,
  authorize,
  checkWhen,
  checkPrerequisites,
  rateLimit,
  requestApproval,
  claimIdempotencyKey,
  execute,
  validateOutput,
];

interface CachedPlan {
  readonly runtime: RegistryRuntime;
  readonly plan: readonly Step[];
  /** Plans of the same action in other registries (rare: one action object registered twice). */
  others?: WeakMap<RegistryRuntime, readonly Step[]>;
}

const plans = new WeakMap<AnyAction, CachedPlan>();

/**
 * The steps after `resolve` that can matter for this action in this registry, in pipeline order, compiled once per
 * action: an action without a rate limit never reaches the limiter, one without `when` never asks it.
 */
export function planFor(runtime: RegistryRuntime, action: AnyAction): readonly Step[] {
  const cached = plans.get(action);
  if (cached?.runtime === runtime) return cached.plan;
  if (!cached) {
    const plan = compilePlan(runtime, action);
    plans.set(action, { runtime, plan });
    return plan;
  }
  cached.others ??= new WeakMap();
  let plan = cached.others.get(runtime);
  if (!plan) {
    plan = compilePlan(runtime, action);
    cached.others.set(runtime, plan);
  }
  return plan;
}

function compilePlan(runtime: RegistryRuntime, action: AnyAction): readonly Step[] {
  return PIPELINE.slice(1).filter((step) => !step.applies || step.applies(action, runtime));
}
