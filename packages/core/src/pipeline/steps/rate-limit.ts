import type { Step } from '../call-state.js';
import { runLoadedOnCall } from '../load-step.js';
import { rulesOf } from './rate-limit-rules.js';

/**
 * Count the call against each of the action's time windows, per user, session, tenant or globally. Only in the
 * plans of actions with a `rateLimit`; what it does is loaded on the first such call (`rate-limit-windows.ts`).
 */
export const rateLimit: Step = {
  name: 'rate-limit',
  port: 'the rate limiter',
  applies: (action) => rulesOf(action).length > 0,
  run: runLoadedOnCall(() => import('./rate-limit-windows.js').then((module) => module.countCall)),
};
