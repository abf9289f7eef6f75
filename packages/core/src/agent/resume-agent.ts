import type { RunResult } from '../action/types.js';
import { AffordanceError } from '../errors/affordance-error.js';
import type { Registry } from '../registry/create-registry.js';
import type { AgentResult, CallRecord } from './agent-events.js';
import { runLoop } from './agent-loop.js';
import { type AgentDecision, ResumeError } from './interrupts.js';
import type { AgentMessage, ToolResultRecord } from './model-types.js';
import { findPausedRun, matchDecisions } from './paused-runs.js';
import { type PausedCall, type PausedRunState, readPausedState } from './paused-state.js';
import { type AgentLoopOptions, prepareRun, type RunSetup } from './run-setup.js';

/** Options of `resumeAgent`: the loop's options again (they are not stored), the paused run, and the decisions. */
export interface ResumeAgentOptions extends AgentLoopOptions {
  /** The paused run (`result.runId`); or give `sessionId`, and the run is the one the decisions answer. */
  readonly runId?: string;
  readonly sessionId?: string;
  /** One decision per interrupt of the run. */
  readonly decisions: readonly AgentDecision[];
  /** Who decided, for the approvals' record (default: `user.id`, else `'user'`). */
  readonly decidedBy?: string;
}

const DONE_WAITING =
  'Not done yet: another call of this step was waiting for approval; it has its result now.';
const CLIENT_NOT_RUN = 'Not run: the run paused for an approval; call it again if it is still needed.';

/**
 * Continue a run that ended `interrupted`, in this process or another over the same store: check that every
 * interrupt has a valid decision from the run's own user, claim the run atomically (a second resume of the same
 * run gets `already_resolved`, and nothing runs twice), run or deny each paused call through the registry's
 * approvals, give the model the step's results, and go on as `runAgent` does.
 */
export async function resumeAgent(options: ResumeAgentOptions): Promise<AgentResult> {
  const { registry } = options;
  const store = registry?.store?.agentRuns;
  if (!store)
    throw new AffordanceError('invalid_option', 'resumeAgent: registry must come from createRegistry()');
  const stored = await findPausedRun(store, options);
  const state = readPausedState(stored.state);
  const decisions = matchDecisions(registry, state, options.decisions);
  const setup = prepareRun(options, stored.sessionId, state.protocol);
  const claimed = await store.change(stored.runId, {
    from: ['interrupted'],
    status: 'resuming',
    newHolder: setup.runId,
  });
  if (!claimed) {
    throw new ResumeError('already_resolved', `the run ${stored.runId} was resumed by another decision`);
  }
  const { runId, sessionId, protocol } = setup;
  setup.emit({ type: 'run-start', runId, sessionId, protocol });
  const calls = await decideCalls(setup, state, decisions, options.decidedBy ?? options.user?.id ?? 'user');
  const message = resultsMessage(state, calls);
  const record = {
    runId,
    step: state.step,
    status: 'resumed' as const,
    offered: [],
    calls,
    messages: [message],
  };
  await options.recorder?.recordStep(sessionId, record);
  setup.emit({ type: 'step-finish', runId, step: record });
  await store.change(stored.runId, { from: ['resuming'], status: 'resumed', holder: runId });
  return runLoop(setup, {
    history: [...state.messages, message],
    attempts: [...state.attempts],
    step: state.step,
    text: state.text,
    resumedFrom: stored.runId,
  });
}

/** Run or deny each paused call (in the model's order); calls that already ran keep their output. */
async function decideCalls(
  setup: RunSetup,
  state: PausedRunState,
  decisions: ReadonlyMap<string, AgentDecision>,
  by: string,
): Promise<CallRecord[]> {
  const records: CallRecord[] = [];
  for (const call of state.calls) {
    if (call.status !== 'pending') {
      records.push({
        callId: call.callId,
        name: call.name,
        args: call.args,
        status: call.status,
        output: call.output,
      });
      continue;
    }
    const decision = decisions.get(call.approvalId)!;
    const ended = await decide(setup.registry, call, decision, by, setup);
    const args = decision.editedArgs ?? call.args;
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
  registry: Registry,
  call: Extract<PausedCall, { status: 'pending' }>,
  decision: AgentDecision,
  by: string,
  setup: RunSetup,
): Promise<Pick<CallRecord, 'status' | 'output' | 'result'>> {
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
    return decidedElsewhere(registry, call);
  }
  const status = result.ok ? 'ok' : result.error.code === 'aborted' ? 'aborted' : 'failed';
  return { status, output: result.modelOutput, result };
}

// Decided outside this run (the approvals inbox): the model hears how it went rather than nothing.
async function decidedElsewhere(
  registry: Registry,
  call: Extract<PausedCall, { status: 'pending' }>,
): Promise<Pick<CallRecord, 'status' | 'output'>> {
  const approval = await registry.approvals.get(call.approvalId);
  const by = approval?.decidedBy ? ` by ${approval.decidedBy}` : '';
  if (approval?.status === 'done') {
    return {
      status: 'ok',
      output: `${call.name} was approved${by} outside this conversation and ran successfully; its output is not available here.`,
    };
  }
  const how = approval ? `${approval.status}${by}${approval.reason ? `: ${approval.reason}` : ''}` : 'gone';
  return {
    status: 'failed',
    output: `Error: ${call.name} was decided outside this conversation (${how}); it did not run here.`,
  };
}

/** The tool message that answers every call of the paused step. */
function resultsMessage(state: PausedRunState, calls: readonly CallRecord[]): AgentMessage {
  const results: ToolResultRecord[] = calls.map((call) => ({
    toolCallId: call.callId,
    name: call.name,
    ok: call.status === 'ok',
    output: call.output,
  }));
  for (const call of state.clientCalls ?? []) {
    results.push({ toolCallId: call.id, name: call.name, ok: false, output: CLIENT_NOT_RUN });
  }
  if (state.doneCall) {
    results.push({
      toolCallId: state.doneCall.id,
      name: state.doneCall.name,
      ok: false,
      output: DONE_WAITING,
    });
  }
  return { role: 'tool', content: '', toolResults: results };
}
