import { AffordanceError } from '../errors/affordance-error.js';
import type { AgentRunStore } from '../ports/agent-run-store.js';
import type { AgentResult, CallRecord } from './agent-events.js';
import { runLoop } from './agent-loop.js';
import { decideCalls } from './decide-calls.js';
import { holdLease } from './hold-lease.js';
import { type AgentDecision, type AgentInterrupt, ResumeError } from './interrupts.js';
import type { AgentMessage, ToolResultRecord } from './model-types.js';
import { pauseRun } from './pause-run.js';
import { findPausedRun, matchDecisions } from './paused-runs.js';
import { type PausedRunState, readPausedState } from './paused-state.js';
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
  /**
   * How long the resume holds the run without renewing (default 60 s, renewed every third of it): once a stopped
   * process's lease runs out, another resume may take the run over. Keep it above the registry's
   * `approvalLeaseMs`, so a call the stopped resume was running is seen as interrupted by then.
   */
  readonly leaseMs?: number;
}

const DEFAULT_LEASE_MS = 60_000;

const DONE_WAITING =
  'Not done yet: another call of this step was waiting for approval; it has its result now.';
const CLIENT_NOT_RUN = 'Not run: the run paused for an approval; call it again if it is still needed.';

/**
 * Continue a run that ended `interrupted`, in this process or another over the same store: check that every
 * interrupt has a valid decision from the run's own user, claim the run atomically on a lease (a second resume of
 * the same run gets `already_resolved`, and nothing runs twice), run or deny each paused call through the
 * registry's approvals (or run it again with the person's answer), give the model the step's results, and go on as
 * `runAgent` does. A resume whose process stopped leaves the run `resuming`; once its lease runs out another resume
 * takes it over with the first resume's decisions.
 */
export async function resumeAgent(options: ResumeAgentOptions): Promise<AgentResult> {
  const { registry } = options;
  const store = registry?.store?.agentRuns;
  if (!store)
    throw new AffordanceError('invalid_option', 'resumeAgent: registry must come from createRegistry()');
  const stored = await findPausedRun(store, options);
  const state = readPausedState(stored.state);
  // Taking over from a resume that stopped: its decisions stand (each is applied once), whatever this one says.
  const given =
    stored.status === 'resuming' && stored.decisions
      ? (stored.decisions as unknown as AgentDecision[])
      : options.decisions;
  const decisions = await matchDecisions(registry, state, given);
  const setup = prepareRun(options, stored.sessionId, state.protocol);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const claimed = await store.change(stored.runId, {
    from: ['interrupted', 'resuming'],
    expired: true,
    status: 'resuming',
    newHolder: setup.runId,
    leaseMs,
    decisions: JSON.parse(JSON.stringify([...decisions.values()])) as Record<string, unknown>[],
  });
  if (!claimed) {
    throw new ResumeError('already_resolved', `the run ${stored.runId} was resumed by another decision`);
  }
  const { runId, sessionId, protocol } = setup;
  setup.emit({ type: 'run-start', runId, sessionId, protocol });
  const lease = holdLease({ store, pausedRunId: stored.runId, holder: runId, leaseMs, emit: setup.emit });
  let calls: CallRecord[];
  try {
    const by = options.decidedBy ?? options.user?.id ?? 'user';
    calls = await decideCalls(setup, state, decisions, { by, check: lease.check });
    lease.check();
  } finally {
    lease.stop();
  }
  if (calls.some((call) => call.status === 'pending')) {
    // A call asked again (or now waits on an approval): the same step pauses once more, as a new run.
    const interrupts = await pauseRun(setup, { ...state, calls, clientCalls: state.clientCalls ?? [] });
    await release(store, stored.runId, runId);
    return pausedAgain(setup, state, interrupts, stored.runId);
  }
  const message = resultsMessage(state, calls);
  const record = {
    runId,
    step: state.step,
    status: 'resumed' as const,
    offered: [],
    calls,
    messages: [message],
  };
  // Released before the step is recorded: a resume that lost the run records nothing, so no result is kept twice.
  await release(store, stored.runId, runId);
  await options.recorder?.recordStep(sessionId, record);
  setup.emit({ type: 'step-finish', runId, step: record });
  return runLoop(setup, {
    history: [...state.messages, message],
    attempts: [...state.attempts],
    step: state.step,
    text: state.text,
    resumedFrom: stored.runId,
  });
}

/**
 * Mark the run resumed by this resume. When its lease ran out meanwhile and another resume took the run over, this
 * one stops here (its calls' outcomes are kept under their idempotency keys, so the other replays them): two loops
 * never go on from the same pause.
 */
async function release(store: AgentRunStore, pausedId: string, holder: string): Promise<void> {
  const released = await store.change(pausedId, { from: ['resuming'], status: 'resumed', holder });
  if (!released) {
    throw new ResumeError(
      'already_resolved',
      `the run ${pausedId} was taken over by another resume while this one decided its calls`,
    );
  }
}

/** The result of a resume that paused again on the same step. */
async function pausedAgain(
  setup: RunSetup,
  state: PausedRunState,
  interrupts: readonly AgentInterrupt[],
  resumedFrom: string,
): Promise<AgentResult> {
  const { runId, sessionId, protocol } = setup;
  const result: AgentResult = {
    runId,
    sessionId,
    status: 'interrupted',
    protocol,
    text: state.text,
    steps: state.step,
    attempts: state.attempts,
    failedConditions: [],
    messages: state.messages,
    interrupts,
    resumedFrom,
  };
  await setup.options.recorder?.recordFinish(sessionId, result);
  setup.emit({ type: 'run-finish', runId, result });
  return result;
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
