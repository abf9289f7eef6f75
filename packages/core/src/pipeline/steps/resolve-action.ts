import { actionError } from '../../errors/action-error.js';
import { fail, NEXT, type Step } from '../call-state.js';
import { planFor } from '../plan.js';

/** Find the action by its qualified name (or a provider-legal alias); unknown names suggest the nearest. */
export const resolveAction: Step = {
  name: 'resolve',
  run(state) {
    const name = state.call.name;
    if (typeof name !== 'string' || name === '') {
      return fail(actionError('unknown_action', 'the call has no action name'));
    }
    const found = state.runtime.lookup(name);
    if ('action' in found) {
      state.action = found.action;
      state.plan = planFor(state.runtime, found.action);
      state.name = found.name;
      return NEXT;
    }
    const { suggestions } = found;
    const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
    return fail(
      actionError('unknown_action', `there is no action named '${shown}'`, {
        ...(suggestions.length > 0
          ? { hint: `did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` }
          : {}),
        details: { suggestions },
      }),
    );
  },
};
