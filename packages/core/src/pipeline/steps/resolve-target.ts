import type { Target } from '../../action/types.js';
import { actionError } from '../../errors/action-error.js';
import { type CallState, fail, NEXT, onAnswer, type Step, type StepOutcome } from '../call-state.js';

/** Turn the target id of a scoped call into the live object; unknown ids and ids of another type fail. */
export const resolveTarget: Step = {
  name: 'target',
  port: 'the target resolver',
  applies: (action) => Boolean(action.scope),
  run(state) {
    const action = state.action!;
    if (!action.scope) return NEXT;
    const resolver = state.runtime.targets;
    if (!resolver) {
      return fail(
        actionError(
          'target_not_found',
          `no target resolver is configured, so ${state.targetId} cannot be found`,
        ),
      );
    }
    let found: Target | undefined | Promise<Target | undefined>;
    try {
      found = resolver.get(action.scope, state.targetId!);
    } catch (error) {
      return lookupFailed(state, error);
    }
    return onAnswer(state, found, conclude, lookupFailed);
  },
};

// The resolver's own message may be a database's: it goes to the log, the caller gets ours.
function lookupFailed(state: CallState, error: unknown): StepOutcome {
  state.runtime.logger.error({ callId: state.callId, name: state.name, err: error }, 'target lookup failed');
  return fail(
    actionError('target_not_found', `looking up the ${state.action!.scope} '${state.targetId}' failed`, {
      hint: 'try again later; the server log has the error under this call id',
    }),
  );
}

function conclude(state: CallState, target: Target | undefined): StepOutcome {
  const scope = state.action!.scope!;
  const param = state.action!.targetParam ?? state.runtime.targetParam;
  if (
    !target ||
    typeof target !== 'object' ||
    typeof target.type !== 'string' ||
    !Object.hasOwn(target, 'type')
  ) {
    return fail(
      actionError('target_not_found', `there is no ${scope} with id '${state.targetId}'`, {
        issues: [{ path: [param], message: `unknown ${scope} id '${state.targetId}'` }],
        hint: `use the id of an existing ${scope}`,
      }),
    );
  }
  if (target.type !== scope) {
    return fail(
      actionError(
        'target_mismatch',
        `'${state.targetId}' is a ${String(target.type)}, but ${state.name} acts on a ${scope}`,
        {
          issues: [{ path: [param], message: `'${state.targetId}' is not a ${scope}` }],
          hint: `pass the id of a ${scope}, or use an action for ${String(target.type)} blocks`,
        },
      ),
    );
  }
  state.target = target;
  return NEXT;
}
