import type { RunCall, RunResult } from '../action/types.js';
import { actionError } from '../errors/action-error.js';
import { traceCall } from '../observe/trace-call.js';
import type { AuditApproval } from '../ports/audit-sink.js';
import type { StoredOutcome } from '../ports/idempotency-store.js';
import { newId } from '../util/new-id.js';
import { recordAudit } from './audit-call.js';
import { Awaiting, CallState, NEXT, type Step, type StepAnswer, type StepOutcome } from './call-state.js';
import { failedAfterHandler, stepFailed } from './failed-after-handler.js';
import { PIPELINE } from './pipeline.js';
import type { RegistryRuntime } from './runtime.js';
import { shapeResult } from './shape-result.js';
import { settleIdempotencyClaim } from './steps/claim-idempotency-key.js';

export { PIPELINE } from './pipeline.js';

const checkStep = PIPELINE[0]!;
const resolveStep = PIPELINE[1]!;
const NO_OPTIONS: PipelineOptions = Object.freeze({});

/** Options for one pass through the pipeline. */
export interface PipelineOptions {
  readonly depth?: number;
  readonly parentCallId?: string;
  readonly approved?: AuditApproval;
  /** Use this call id (a resumed approval keeps the id it was asked with); never one a caller sent. */
  readonly callId?: string;
}

/**
 * Run one call through every step, then shape, record and audit its result. Never throws for a failed call, and
 * every call that reached its handler leaves one audit record whatever fails after it. Steps run synchronously one
 * after the other; the call only waits where a step (or a port) returns a promise.
 */
export function runPipeline(
  runtime: RegistryRuntime,
  call: RunCall,
  options: PipelineOptions = NO_OPTIONS,
): Promise<RunResult> {
  try {
    const started = performance.now();
    const depth = options.depth ?? 0;
    const state = new CallState(
      runtime,
      call,
      options.callId ?? newId('call'),
      depth,
      options.parentCallId,
      options.approved,
      typeof call.name === 'string' ? call.name : String(call.name),
      started,
    );
    const { events } = runtime;
    if (events.has('call-start')) {
      events.emit('call-start', {
        callId: state.callId,
        toolCallId: state.toolCallId,
        name: state.name,
        user: state.user,
        sessionId: call.sessionId,
        depth,
        parentCallId: state.parentCallId,
      });
    }
    state.span = traceCall(state);
    const done = depth > runtime.maxCallDepth ? finishCall(state, tooDeep(runtime)) : runSteps(state);
    return done instanceof Promise ? done : Promise.resolve(done);
  } catch (error) {
    return Promise.reject(error);
  }
}

function tooDeep(runtime: RegistryRuntime): StepOutcome {
  return {
    fail: actionError(
      'forbidden',
      `actions may call other actions at most ${runtime.maxCallDepth} levels deep`,
    ),
  };
}

// Check the call's fields, resolve, then the action's compiled plan; with `call-step` listeners, every step of
// PIPELINE, each reported.
function runSteps(state: CallState): RunResult | Promise<RunResult> {
  if (state.runtime.events.has('call-step')) return runObserved(state);
  const checked = attempt(checkStep, state);
  if (checked !== NEXT) return finishCall(state, checked as StepOutcome);
  const outcome = attempt(resolveStep, state);
  if (outcome !== NEXT && (outcome instanceof Promise || outcome instanceof Awaiting))
    return awaitStep(state, resolveStep, -1, outcome);
  return resumePlan(state, -1, outcome);
}

// Go on after step `index` of the action's plan said `outcome`: synchronously until a step answers with a promise.
function resumePlan(state: CallState, index: number, outcome: StepOutcome): RunResult | Promise<RunResult> {
  if (outcome === NEXT) {
    const { steps } = state.plan!;
    while (++index < steps.length) {
      const step = steps[index]!;
      const next = attempt(step, state);
      // NEXT first: most steps say it, and it is one comparison where `instanceof` walks prototype chains.
      if (next === NEXT) continue;
      if (next instanceof Promise || next instanceof Awaiting) return awaitStep(state, step, index, next);
      return finishCall(state, next);
    }
  }
  return finishCall(state, outcome);
}

function awaitStep(
  state: CallState,
  step: Step,
  index: number,
  pending: Promise<StepOutcome> | Awaiting,
): Promise<RunResult> {
  if (pending instanceof Awaiting) {
    return Promise.resolve(pending.pending).then(
      (value) => resumePlan(state, index, settleAwaiting(state, step, pending.settle, value)),
      (error: unknown) => resumePlan(state, index, settleAwaiting(state, step, pending.reject, error)),
    );
  }
  return pending.then(
    (outcome) => resumePlan(state, index, outcome),
    // A step broke its own promise; keep the process alive and say where.
    (error: unknown) => finishCall(state, { fail: stepFailed(state, step, error) }),
  );
}

function settleAwaiting<TValue>(
  state: CallState,
  step: Step,
  settle: (state: CallState, value: TValue) => StepOutcome,
  value: TValue,
): StepOutcome {
  try {
    return settle(state, value);
  } catch (error) {
    return { fail: stepFailed(state, step, error) };
  }
}

// A step that throws fails the call with an internal error naming the step.
function attempt(step: Step, state: CallState): StepAnswer {
  try {
    return step.run(state);
  } catch (error) {
    return { fail: stepFailed(state, step, error) };
  }
}

async function runObserved(state: CallState): Promise<RunResult> {
  const { events } = state.runtime;
  let outcome: StepOutcome = NEXT;
  for (const step of PIPELINE) {
    const stepStarted = performance.now();
    const pending = attempt(step, state);
    try {
      outcome =
        pending instanceof Promise
          ? await pending
          : pending instanceof Awaiting
            ? await pending.outcome(state)
            : pending;
    } catch (error) {
      outcome = { fail: stepFailed(state, step, error) };
    }
    const label = 'fail' in outcome ? outcome.fail.code : 'finish' in outcome ? 'finish' : 'next';
    events.emit('call-step', {
      callId: state.callId,
      step: step.name,
      outcome: label,
      durationMs: performance.now() - stepStarted,
    });
    if (outcome !== NEXT) break;
  }
  return finishCall(state, outcome);
}

// Settle the idempotency key, record the session history, shape, audit and report: synchronously unless a port
// answers with a promise. A port failing here never rejects `run`: the call is audited with the failure.
const NO_STEP_FINISHED = actionError(
  'handler_error',
  'internal error in the pipeline: no step finished the call',
);
const UNSHAPED = actionError(
  'handler_error',
  'internal error in the pipeline: the error could not be shaped',
);

function finishCall(state: CallState, last: StepOutcome): RunResult | Promise<RunResult> {
  let outcome: StoredOutcome;
  let replayed = false;
  if ('fail' in last) outcome = { ok: false, error: last.fail };
  else if ('finish' in last) {
    outcome = last.finish;
    replayed = last.replayed === true;
  } else outcome = { ok: false, error: NO_STEP_FINISHED };
  if (state.idempotencyClaim) {
    return settleIdempotencyClaim(state, outcome).then((settled) => recordHistory(state, settled, replayed));
  }
  return recordHistory(state, outcome, replayed);
}

function recordHistory(
  state: CallState,
  outcome: StoredOutcome,
  replayed: boolean,
): RunResult | Promise<RunResult> {
  const { sessionId } = state.call;
  if (outcome.ok && sessionId && !replayed) {
    let recorded: void | Promise<void>;
    try {
      recorded = state.runtime.store.history.record(sessionId, state.name);
    } catch (error) {
      return endCall(state, historyFailed(state, outcome, error), replayed);
    }
    if (recorded instanceof Promise) {
      return recorded.then(
        () => endCall(state, outcome, replayed),
        (error: unknown) => endCall(state, historyFailed(state, outcome, error), replayed),
      );
    }
  }
  return endCall(state, outcome, replayed);
}

function historyFailed(state: CallState, outcome: StoredOutcome, error: unknown): StoredOutcome {
  return failedAfterHandler(state, outcome, 'the session history could not record it', error);
}

function endCall(
  state: CallState,
  outcome: StoredOutcome,
  replayed: boolean,
): RunResult | Promise<RunResult> {
  const durationMs = performance.now() - state.started;
  let result: RunResult;
  try {
    result = shapeResult(state, outcome, durationMs, replayed);
  } catch (error) {
    const failed = failedAfterHandler(state, outcome, 'its result could not be shaped', error);
    result = shapeResult(state, outcome.ok ? failed : { ok: false, error: UNSHAPED }, durationMs, false);
  }
  const audited = recordAudit(state, result);
  if (audited instanceof Promise) return audited.then((final) => report(state, final));
  return report(state, audited);
}

function report(state: CallState, result: RunResult): RunResult {
  state.span?.end(result);
  const { events } = state.runtime;
  if (events.has('call-end'))
    events.emit('call-end', { callId: state.callId, result, target: state.target, depth: state.depth });
  return result;
}
