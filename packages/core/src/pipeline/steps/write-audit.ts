import type { RunResult } from '../../action/types.js';
import { recordAudit } from '../audit-call.js';
import { type CallState, NEXT, onAnswer, type Step, type StepOutcome } from '../call-state.js';

/**
 * Write the call's audit record, whatever its outcome: a promise from the sink is awaited, so `run` answers after
 * the commit. Never fails the call; a call that ran but has no record answers `handler_error` (see audit-call.ts).
 */
export const writeAudit: Step = {
  name: 'audit',
  closing: true,
  run(state) {
    return onAnswer(state, recordAudit(state, state.result!), audited);
  },
};

function audited(state: CallState, result: RunResult): StepOutcome {
  state.result = result;
  return NEXT;
}
