import type { RunResult } from '../action/types.js';
import { AffordanceError } from '../errors/affordance-error.js';
import type { PendingApproval } from '../ports/approval-store.js';
import type { CallRecord } from './agent-events.js';
import type { AgentDecision } from './interrupts.js';
import type { ApprovalCall, InputCall, PausedRunState } from './paused-state.js';
import { type Ended, endedOf } from './run-calls.js';
import type { RunSetup } from './run-setup.js';

/**
 * Settle each paused call (in the model's order): approve or deny it, run it again with the person's answer, or
 * read how it ended when it was decided elsewhere; calls that already ran keep their output. A call that asks again
 * (or waits on a new approval) ends `pending`, and the resume pauses once more. `check` runs before each call and
 * throws when the resume may not go on (its lease on the run is lost).
 */
export async function decideCalls(
  setup: RunSetup,
  state: PausedRunState,
  decisions: ReadonlyMap<string, AgentDecision>,
  options: { readonly by: string; readonly check: () => void },
): Promise<CallRecord[]> {
  const { by } = options;
  const records: CallRecord[] = [];
  for (const call of state.calls) {
    if (call.status !== 'pending') {
      const { callId, name, args, status, output } = call;
      records.push({ callId, name, args, status, output });
      continue;
    }
    options.check();
    let ended: Ended;
    let args = call.args;
    if ('inputId' in call) {
      ended = await answer(setup, call, decisions.get(call.inputId)!, by);
    } else {
      const decision = decisions.get(call.approvalId);
      ended = decision ? await decide(setup, call, decision, by) : await decidedElsewhere(setup, call, by);
      if (decision?.editedArgs) args = decision.editedArgs;
    }
    const record: CallRecord = { callId: call.callId, name: call.name, args, ...ended };
    records.push(record);
    setup.emit({ type: 'call-finish', runId: setup.runId, step: state.step, call: record });
  }
  return records;
}

/**
 * Approve or deny one paused call through the registry's approvals. No abort signal: once decided, the call runs
 * to its end and its result is recorded even if the caller went away (the loop stops right after).
 */
async function decide(
  setup: RunSetup,
  call: ApprovalCall,
  decision: AgentDecision,
  by: string,
): Promise<Ended> {
  const { registry } = setup;
  const reason = decision.reason ? { reason: decision.reason } : {};
  let result: RunResult;
  try {
    result = decision.approved
      ? await registry.approvals.approve(call.approvalId, {
          by,
          ...reason,
          ...(setup.options.user ? { requester: setup.options.user } : {}),
          ...(decision.editedArgs ? { args: decision.editedArgs } : {}),
        })
      : await registry.approvals.deny(call.approvalId, { by, ...reason });
  } catch (error) {
    if (!AffordanceError.isInstance(error)) throw error;
    return decidedElsewhere(setup, call, by);
  }
  return approvedIn(endedOf(result), call.approvalId);
}

/** A call that asked for input while running under `approvalId` keeps it: the rerun with the answer runs under it. */
function approvedIn(ended: Ended, approvalId: string | undefined): Ended {
  return ended.input && approvalId ? { ...ended, approvedIn: approvalId } : ended;
}

/**
 * Run a call again with the person's answer (and the answers it had), keyed by the interrupt, so a resume that takes
 * over from one that stopped replays the first run's outcome instead of running the handler twice.
 */
async function answer(setup: RunSetup, call: InputCall, decision: AgentDecision, by: string): Promise<Ended> {
  const { user, context } = setup.options;
  const answers = { ...call.input.answers, [call.input.key]: decision.answer };
  if (call.approvedIn) {
    // Approved already: the rerun with the answer runs under that approval (same call, same user), not a new one.
    try {
      const result = await setup.registry.approvals.answer(call.approvedIn, {
        by,
        answers,
        idempotencyKey: call.inputId,
        ...(user ? { requester: user } : {}),
        ...(isArgs(call.args) ? { args: call.args } : {}),
      });
      return approvedIn(endedOf(result, answers), call.approvedIn);
    } catch (error) {
      // The approval moved on meanwhile (a resume that stopped ran it): the call asks for its approval again.
      if (!AffordanceError.isInstance(error)) throw error;
    }
  }
  const result = await setup.registry.run({
    name: call.name,
    args: call.args,
    toolCallId: call.callId,
    sessionId: setup.sessionId,
    idempotencyKey: call.inputId,
    answers,
    ...(user ? { user } : {}),
    ...(context ? { context } : {}),
  });
  return endedOf(result, answers);
}

/**
 * Decided outside this run (the approvals inbox, or a resume whose process stopped): the model gets the call's own
 * output when it ran (kept on the approval), the reason when it was denied. A call whose run was cut off
 * (`interrupted`, its lease ran out) runs again under its idempotency key, which replays a run that had finished.
 */
async function decidedElsewhere(setup: RunSetup, call: ApprovalCall, by: string): Promise<Ended> {
  const { registry } = setup;
  let approval = await registry.approvals.get(call.approvalId);
  if (approval?.status === 'approved' || approval?.status === 'running') {
    await registry.approvals.recover();
    approval = await registry.approvals.get(call.approvalId);
  }
  if (approval?.status === 'interrupted') {
    try {
      return endedOf(
        await registry.approvals.retry(call.approvalId, {
          by,
          reason: 'the resume of the paused run that decided it stopped',
          ...(setup.options.user ? { requester: setup.options.user } : {}),
        }),
      );
    } catch (error) {
      if (!AffordanceError.isInstance(error)) throw error;
      approval = await registry.approvals.get(call.approvalId);
    }
  }
  return outcomeOf(call, approval);
}

function outcomeOf(call: ApprovalCall, approval: PendingApproval | undefined): Ended {
  const by = approval?.decidedBy ? ` by ${approval.decidedBy}` : '';
  const output = approval?.outcome?.modelOutput;
  if (approval?.status === 'done') {
    return {
      status: 'ok',
      output:
        output ??
        `${call.name} was approved${by} outside this conversation and ran successfully; its output is not available here.`,
    };
  }
  if (approval?.status === 'failed' && output !== undefined) return { status: 'failed', output };
  if (approval?.status === 'approved' || approval?.status === 'running') {
    return {
      status: 'failed',
      output: `${call.name} was approved${by} and is still running elsewhere; its output is not available here yet.`,
    };
  }
  const how = approval ? `${approval.status}${by}${approval.reason ? `: ${approval.reason}` : ''}` : 'gone';
  return {
    status: 'failed',
    output: `Error: ${call.name} was decided outside this conversation (${how}); it did not run here.`,
  };
}

function isArgs(args: unknown): args is Record<string, unknown> {
  return typeof args === 'object' && args !== null && !Array.isArray(args);
}
