import type { Course, Step } from './call-state.js';
import { courseOf, PLAN_STEPS } from './plan.js';
import { checkCall } from './steps/check-call.js';
import { resolveAction } from './steps/resolve-action.js';

/**
 * The run pipeline, in order. Each call step goes on, fails the call or finishes it; the closing steps from `settle`
 * on run for every call whatever its outcome, each answering NEXT (a failure of theirs lands in the outcome).
 */
export const PIPELINE: readonly Step[] = [checkCall, resolveAction, ...PLAN_STEPS];

/** How many steps come before an action's plan: `call` and `resolve`, which every call runs. */
export const PLAN_START = 2;

/** Every step of PIPELINE: what a call runs while a watcher reports each step. */
export const EVERY_STEP: Course = courseOf(PIPELINE);

/** What every call runs until its action is known: `call` and `resolve`, then the closing steps. */
export const OPENING: Course = courseOf([
  ...PIPELINE.slice(0, PLAN_START),
  ...PIPELINE.filter((step) => step.closing && step.only !== 'keyed'),
]);
