import type { RunCall } from '../action/types.js';
import type { ActionError } from '../errors/action-error.js';
import { newId } from '../util/new-id.js';
import { monotonicMs } from '../util/wall-clock.js';
import { type ActionPlan, Awaiting, CallState, NEXT, type Step, type StepOutcome } from './call-state.js';
import { stepFailed } from './failed-after-handler.js';
import { runLoadedOnCall } from './load-step.js';
import { PIPELINE, PLAN_START } from './pipeline.js';
import { PLAN_STEPS } from './plan.js';
import type { RegistryRuntime } from './runtime.js';
import { rateLimit } from './steps/rate-limit.js';
import { requestApproval } from './steps/request-approval.js';

/**
 * What `registry.run` would do with a call if it were made now: run it (`run`), pause it for a person's approval
 * (`approval`), or refuse it with the error `run` would answer (`refused`).
 */
export type CallPreview =
  | { readonly outcome: 'run' }
  | { readonly outcome: 'approval' }
  | { readonly outcome: 'refused'; readonly error: ActionError };

const RUNS: CallPreview = Object.freeze({ outcome: 'run' });
const PAUSES: CallPreview = Object.freeze({ outcome: 'approval' });

// The plan steps a preview asks: every one up to the approval step, the two that would record something stood in
// for by ones that only ask (the rate limit peeks instead of counting; the approval rule is asked, nothing stored).
const ASKED = new Set(PLAN_STEPS.slice(0, PLAN_STEPS.indexOf(requestApproval) + 1));
// Loaded on first use, as the steps they stand in for are: the same chunks.
const STAND_INS = new Map<Step, Step>([
  [
    rateLimit,
    {
      ...rateLimit,
      run: runLoadedOnCall(() => import('./steps/rate-limit-windows.js').then((module) => module.peekCall)),
    },
  ],
  [
    requestApproval,
    {
      ...requestApproval,
      run: runLoadedOnCall(() =>
        import('./steps/approval-pause.js').then((module) => module.previewApproval),
      ),
    },
  ],
]);
const previewSteps = new WeakMap<ActionPlan, readonly Step[]>();

/**
 * `registry.preview`: walk the call through the pipeline's own steps, in order, up to and including the approval
 * step, without running the handler or recording anything: no audit record, no approval, no rate-limit point, no
 * history, no event, no observer. The action's `defaults`, `when`, the policy and the approval rule are asked, the
 * target is resolved and the session history read, as `run` would. A rate limiter without `peek` is not asked.
 */
export async function previewCall(runtime: RegistryRuntime, call: RunCall): Promise<CallPreview> {
  const name = typeof call.name === 'string' ? call.name : String(call.name);
  const state = new CallState(runtime, call, newId('call'), 0, undefined, undefined, name, monotonicMs());
  for (const step of PIPELINE.slice(0, PLAN_START)) {
    const outcome = await outcomeOf(state, step);
    if (outcome !== NEXT) return previewOf(outcome);
  }
  for (const step of stepsOf(state.plan!)) {
    const outcome = await outcomeOf(state, step);
    if (outcome !== NEXT) return previewOf(outcome);
  }
  return RUNS;
}

function stepsOf(plan: ActionPlan): readonly Step[] {
  let steps = previewSteps.get(plan);
  if (!steps) {
    steps = plan.steps.filter((step) => ASKED.has(step)).map((step) => STAND_INS.get(step) ?? step);
    previewSteps.set(plan, steps);
  }
  return steps;
}

// A step's answer, waited for; a step that throws or rejects fails the call as it would in `run`.
async function outcomeOf(state: CallState, step: Step): Promise<StepOutcome> {
  try {
    const answer = step.run(state);
    return answer instanceof Awaiting ? await answer.outcome(state) : await answer;
  } catch (error) {
    return { fail: stepFailed(state, step, error) };
  }
}

// Only the approval step answers `approval_required`; only an idempotent replay, after it, finishes a call early.
function previewOf(outcome: StepOutcome): CallPreview {
  if (!('fail' in outcome)) return RUNS;
  return outcome.fail.code === 'approval_required' ? PAUSES : { outcome: 'refused', error: outcome.fail };
}
