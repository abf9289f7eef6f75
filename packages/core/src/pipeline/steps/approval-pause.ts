import { actionError } from '../../errors/action-error.js';
import type { PendingApproval } from '../../ports/approval-store.js';
import { newId } from '../../util/new-id.js';
import { type CallState, fail, NEXT, type StepAnswer, type StepOutcome } from '../call-state.js';

/** What the approval step does (`request-approval.ts`), loaded on the first call of an action with an `approval` rule. */
export function askApproval(state: CallState): StepAnswer {
  return whenApprovalNeeded(state, pause);
}

/**
 * The approval step of `registry.preview`: `approval_required` where the step would pause the call, asking the
 * rule just as the step does, and storing nothing.
 */
export function previewApproval(state: CallState): StepAnswer {
  return whenApprovalNeeded(state, wouldPause);
}

const WOULD_PAUSE: StepOutcome = Object.freeze({
  fail: actionError('approval_required', 'the call would wait for a person to approve it'),
});

const wouldPause = (): StepOutcome => WOULD_PAUSE;

// NEXT when the call needs no person (no rule, a rule that says no, a call already approved), else `ask`.
function whenApprovalNeeded(
  state: CallState,
  ask: (state: CallState) => StepOutcome | Promise<StepOutcome>,
): StepAnswer {
  const rule = state.action!.approval;
  if (!rule || rule === 'never' || state.approved) return NEXT;
  if (rule === 'always') return ask(state);
  const needed = (async () =>
    rule({ input: state.input, user: state.user, context: state.context, target: state.target }))();
  return needed.then(
    (yes) => (yes ? ask(state) : NEXT),
    (error: unknown) =>
      fail(
        actionError(
          'handler_error',
          `the approval rule of ${state.name} threw: ${(error as Error)?.message ?? String(error)}`,
        ),
      ),
  );
}

async function pause(state: CallState): Promise<StepOutcome> {
  const approval: PendingApproval = {
    id: newId('apr'),
    callId: state.callId,
    name: state.name,
    args: state.args!,
    user: state.user,
    context: state.context,
    sessionId: state.call.sessionId,
    idempotencyKey: state.call.idempotencyKey,
    requestedAt: new Date().toISOString(),
    status: 'pending',
  };
  await state.runtime.store.approvals.create(approval);
  state.runtime.events.emit('approval-requested', { approval });
  return fail(
    actionError(
      'approval_required',
      `${state.name} needs a person's approval before it runs; it is waiting as ${approval.id}`,
      {
        hint: 'tell the user the call is waiting for approval; do not call it again',
        details: { approvalId: approval.id },
      },
    ),
  );
}
