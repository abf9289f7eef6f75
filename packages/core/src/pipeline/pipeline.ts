import type { Step } from './call-state.js';
import { PLAN_STEPS } from './plan.js';
import { checkCall } from './steps/check-call.js';
import { resolveAction } from './steps/resolve-action.js';

/** The run pipeline, in order. Each step either goes on, fails the call, or finishes it. */
export const PIPELINE: readonly Step[] = [checkCall, resolveAction, ...PLAN_STEPS];
