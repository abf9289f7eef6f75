import type { Step } from '../call-state.js';
import { runLoadedOnCall } from '../load-step.js';

/**
 * Pause calls that need a person: store the exact call and answer `approval_required` with its id. Only in the
 * plans of actions with an `approval` rule; what it does is loaded on the first such call (`approval-pause.ts`).
 */
export const requestApproval: Step = {
  name: 'approval',
  port: 'the approval store',
  applies: (action) => Boolean(action.approval) && action.approval !== 'never',
  run: runLoadedOnCall(() => import('./approval-pause.js').then((module) => module.askApproval)),
};
