import { toolInputSchema } from '../action/tool-input-schema.js';
import type { AnyAction } from '../action/types.js';
import { compileRedaction } from '../redact/redaction-plan.js';
import type { ActionPlan, Step } from './call-state.js';
import { createFlatJsonWriter } from './flat-json.js';
import type { RegistryRuntime } from './runtime.js';
import { applyDefaults } from './steps/apply-defaults.js';
import { authorize } from './steps/authorize.js';
import { checkPrerequisites } from './steps/check-prerequisites.js';
import { checkWhen } from './steps/check-when.js';
import { claimIdempotencyKey } from './steps/claim-idempotency-key.js';
import { execute } from './steps/execute.js';
import { parseArgs } from './steps/parse-args.js';
import { rateLimit } from './steps/rate-limit.js';
import { requestApproval } from './steps/request-approval.js';
import { resolveTarget } from './steps/resolve-target.js';
import { validateInput } from './steps/validate-input.js';
import { validateOutput } from './steps/validate-output.js';

/**
 * The steps after `check` and `resolve`, in pipeline order: an action's plan is the ones that can matter for it.
 * The whole pipeline, `check` and `resolve` first, is `PIPELINE` in pipeline.ts.
 */
export const PLAN_STEPS: readonly Step[] = [
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
  readonly plan: ActionPlan;
  /** Plans of the same action in other registries (rare: one action object registered twice). */
  others?: WeakMap<RegistryRuntime, ActionPlan>;
}

const plans = new WeakMap<AnyAction, CachedPlan>();

/** The action's plan in this registry, compiled on its first call. */
export function planFor(runtime: RegistryRuntime, action: AnyAction): ActionPlan {
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

function compilePlan(runtime: RegistryRuntime, action: AnyAction): ActionPlan {
  const argsSchema = toolInputSchema(action, runtime.targetParam);
  return {
    steps: PLAN_STEPS.filter((step) => !step.applies || step.applies(action, runtime)),
    argsSchema,
    redaction: compileRedaction(argsSchema, { extraKeys: runtime.redactKeys, sensitive: action.sensitive }),
    flatJson: createFlatJsonWriter(),
  };
}
