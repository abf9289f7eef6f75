import { toolInputSchema } from '../action/tool-input-schema.js';
import type { AnyAction, JsonSchema, RunCall } from '../action/types.js';
import { compileRedaction, type Redaction } from '../redact/redaction-plan.js';
import type { RegistryRuntime } from '../registry/runtime.js';
import type { Validator } from '../schema/compile-validator.js';
import type { Step } from './call-state.js';
import { createFlatJsonWriter, type FlatJsonWriter } from './flat-json.js';
import { applyDefaults } from './steps/apply-defaults.js';
import { authorize } from './steps/authorize.js';
import { checkCall } from './steps/check-call.js';
import { checkPrerequisites } from './steps/check-prerequisites.js';
import { checkWhen } from './steps/check-when.js';
import { execute } from './steps/execute.js';
import { claimIdempotencyKey, settleIdempotencyKey } from './steps/idempotency.js';
import { parseArgs } from './steps/parse-args.js';
import { rateLimit } from './steps/rate-limit.js';
import { recordHistory } from './steps/record-history.js';
import { report } from './steps/report.js';
import { requestApproval } from './steps/request-approval.js';
import { resolveAction } from './steps/resolve-action.js';
import { resolveTarget } from './steps/resolve-target.js';
import { shapeOutcome } from './steps/shape-outcome.js';
import { validateInput } from './steps/validate-input.js';
import { validateOutput } from './steps/validate-output.js';
import { writeAudit } from './steps/write-audit.js';

/**
 * The run pipeline, in order. Each call step goes on, fails the call or finishes it; the closing steps from `settle`
 * on run for every call whatever its outcome, each answering NEXT (a failure of theirs lands in the outcome).
 */
export const PIPELINE: readonly Step[] = [
  checkCall,
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
  settleIdempotencyKey,
  recordHistory,
  shapeOutcome,
  writeAudit,
  report,
];

/** How many steps come before an action's plan: `call` and `resolve`, which every call runs. */
export const PLAN_START = 2;

/** Steps to walk, in order, and the index of the first closing step among them. */
export interface Course {
  readonly steps: readonly Step[];
  readonly closingAt: number;
}

function courseOf(steps: readonly Step[]): Course {
  const closingAt = steps.findIndex((step) => step.closing);
  return { steps, closingAt: closingAt < 0 ? steps.length : closingAt };
}

/** Every step of PIPELINE: what a call runs while a watcher reports each step. */
export const EVERY_STEP: Course = courseOf(PIPELINE);

/** What every call runs until its action is known: `call` and `resolve`, then the closing steps. */
export const OPENING: Course = courseOf([
  ...PIPELINE.slice(0, PLAN_START),
  ...PIPELINE.filter((step) => step.closing && step.only !== 'keyed'),
]);

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

/** What a call of one action in one registry needs after `resolve`, worked out once. */
export interface ActionPlan {
  /**
   * The steps that can matter for this action, in pipeline order, closing steps included: an action without a rate
   * limit never reaches the limiter, one without `when` never asks it, one without an output schema skips `output`.
   */
  readonly steps: readonly Step[];
  /** Its steps for each kind of call, made on first use (see `courseFor`). */
  readonly courses: Array<Course | undefined>;
  /** The schema its arguments are read (and redacted for the audit log) by: the target id parameter included. */
  readonly argsSchema: JsonSchema;
  /**
   * How its arguments are redacted wherever they are shown (the audit log, approvals, events) and which of them an
   * error message must not repeat: compiled from the schema's hints, the action's `sensitive` paths and the key rules.
   */
  readonly redaction: Redaction;
  /** Writes the model's text for the action's flat results (its key prefixes cached); see flat-json.ts. */
  readonly flatJson: FlatJsonWriter;
  /** The action's input validator in this registry, kept at its first call (one lookup fewer per call). */
  inputValidator: Validator | undefined;
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
    steps: PIPELINE.slice(PLAN_START).filter((step) => !step.applies || step.applies(action, runtime)),
    courses: [],
    argsSchema,
    redaction: compileRedaction(argsSchema, { extraKeys: runtime.redactKeys, sensitive: action.sensitive }),
    flatJson: createFlatJsonWriter(),
    inputValidator: undefined,
  };
}
