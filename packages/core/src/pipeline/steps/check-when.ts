import { unavailableReason } from '../../action/check-when.js';
import { actionError } from '../../errors/action-error.js';
import { fail, NEXT, type Step } from '../call-state.js';

/** Ask the action's `when` about the live target and context. */
export const checkWhen: Step = {
  name: 'when',
  applies: (action) => action.when !== undefined,
  run(state) {
    const reason = unavailableReason(state.action!, {
      target: state.target,
      context: state.context,
      user: state.user,
    });
    if (reason === undefined) return NEXT;
    return fail(
      actionError('unavailable', `${state.name} is unavailable: ${reason}`, { details: { reason } }),
    );
  },
};
