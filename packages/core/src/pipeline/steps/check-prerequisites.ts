import type { Step } from '../call-state.js';
import { runLoadedOnCall } from '../load-step.js';

/**
 * Every action in `requires` must have succeeded earlier in this session. Only in the plans of actions with
 * `requires`; what it does is loaded on the first such call (`prerequisites-met.ts`).
 */
export const checkPrerequisites: Step = {
  name: 'prerequisites',
  port: 'the session history',
  applies: (action) => (action.requires?.length ?? 0) > 0,
  run: runLoadedOnCall(() => import('./prerequisites-met.js').then((module) => module.checkRequired)),
};
