import { toolInputSchema } from '../action/tool-input-schema.js';
import type { AnyAction, RunCall } from '../action/types.js';
import { compileRedaction } from '../redact/redaction-plan.js';
import type { ActionPlan, Course, Step } from './call-state.js';
import { createFlatJsonWriter } from './flat-json.js';
import type { RegistryRuntime } from './runtime.js';
import { applyDefaults } from './steps/apply-defaults.js';
import { authorize } from './steps/authorize.js';
import { checkPrerequisites } from './steps/check-prerequisites.js';
import { checkWhen } from './steps/check-when.js';
import { execute } from './steps/execute.js';
import { claimIdempotencyKey, settleIdempotencyKey } from './steps/idempotency.js';
import { parseArgs } from './steps/parse-args.js';
import { rateLimit } from './steps/rate-limit.js';
import { recordHistory } from './steps/record-history.js';
import { report } from './steps/report.js';
import { requestApproval } from './steps/request-approval.js';
import { resolveTarget } from './steps/resolve-target.js';
import { shapeOutcome } from './steps/shape-outcome.js';
import { validateInput } from './steps/validate-input.js';
import { validateOutput } from './steps/validate-output.js';
import { writeAudit } from './steps/write-audit.js';

/**
 * The steps after `call` and `resolve`, in pipeline order: an action's plan is the ones that can matter for it. The
 * whole pipeline, `call` and `resolve` first, is `PIPELINE` in pipeline.ts.
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
  settleIdempotencyKey,
  recordHistory,
  shapeOutcome,
  writeAudit,
  report,
];

/** A course over these steps: where its closing steps begin. */
export function courseOf(steps: readonly Step[]): Course {
  const closingAt = steps.findIndex((step) => step.closing);
  return {
    steps,
    runs: steps.map((step) => step.run),
    closingAt: closingAt < 0 ? steps.length : closingAt,
  };
}

const ONLY_BIT = { keyed: 1, 'in-session': 2, watched: 4 } as const;

/**
 * The steps one call of the plan's action walks after `resolve`: the plan's, less those `only` for other calls
 * (no idempotency key: no claim and no settle; no session: no history; no watcher: no report). Made once per kind
 * of call.
 */
export function courseFor(plan: ActionPlan, call: RunCall, watched: boolean): Course {
  const kind = (call.idempotencyKey === undefined ? 0 : 1) | (call.sessionId ? 2 : 0) | (watched ? 4 : 0);
  let course = plan.courses[kind];
  if (!course) {
    course = courseOf(plan.steps.filter((step) => !step.only || (kind & ONLY_BIT[step.only]) !== 0));
    plan.courses[kind] = course;
  }
  return course;
}

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
    courses: [],
    argsSchema,
    redaction: compileRedaction(argsSchema, { extraKeys: runtime.redactKeys, sensitive: action.sensitive }),
    flatJson: createFlatJsonWriter(),
    inputValidator: undefined,
  };
}
