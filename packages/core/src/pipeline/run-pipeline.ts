import type { RunCall, RunResult } from '../action/types.js';
import { actionError } from '../errors/action-error.js';
import { type CallWatcher, watchCall } from '../observe/call-observer.js';
import type { AuditApproval } from '../ports/audit-sink.js';
import { newId } from '../util/new-id.js';
import { monotonicMs } from '../util/wall-clock.js';
import type { Course } from './call-state.js';
import { Awaiting, CallState, NEXT, type StepAnswer, type StepOutcome } from './call-state.js';
import { failedAfterHandler, stepFailed } from './failed-after-handler.js';
import { EVERY_STEP, OPENING } from './pipeline.js';
import { courseFor } from './plan.js';
import type { RegistryRuntime } from './runtime.js';

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
 * Run one call through its steps: `call` and `resolve`, then the action's compiled plan, whose closing steps settle,
 * record, shape, audit and report the result. Never throws for a failed call, and every call that reached its handler
 * leaves one audit record whatever fails after it. A call some observer watches step by step walks every step of
 * PIPELINE and reports each. The steps run synchronously one after the other; the call only waits where a step (or
 * a port) answers with a promise: that choice is made here, in `walk`, and nowhere else.
 */
export function runPipeline(
  runtime: RegistryRuntime,
  call: RunCall,
  options: PipelineOptions = NO_OPTIONS,
): Promise<RunResult> {
  try {
    const depth = options.depth ?? 0;
    const state = new CallState(
      runtime,
      call,
      options.callId ?? newId('call'),
      depth,
      options.parentCallId,
      options.approved,
      typeof call.name === 'string' ? call.name : String(call.name),
      monotonicMs(),
    );
    const { observers } = runtime;
    const watch = observers.length === 0 ? undefined : watchSafely(state);
    state.watch = watch;
    const course = watch?.everyStep ? EVERY_STEP : OPENING;
    let done: RunResult | Promise<RunResult>;
    if (depth > runtime.maxCallDepth) {
      state.outcome = { ok: false, error: tooDeep(runtime) };
      done = walk(state, course, course.closingAt);
    } else done = walk(state, course, 0);
    return done instanceof Promise ? done : Promise.resolve(done);
  } catch (error) {
    return Promise.reject(error);
  }
}

// An observer that throws is logged and does not watch the call: watching never fails a call.
function watchSafely(state: CallState): CallWatcher | undefined {
  return watchCall(state.runtime.observers, state, (error) => observerFailed(state, error));
}

function observerFailed(state: CallState, error: unknown): void {
  state.runtime.logger.error({ callId: state.callId, name: state.name, err: error }, 'a call observer threw');
}

function tooDeep(runtime: RegistryRuntime) {
  return actionError(
    'forbidden',
    `actions may call other actions at most ${runtime.maxCallDepth} levels deep`,
  );
}

// Walk `course` from `index`: synchronously until a step answers with a promise, then on in its continuation. When
// the call steps run out, the opening course goes on with the action's plan; after the plan's, the call succeeded.
function walk(state: CallState, course: Course, index: number): RunResult | Promise<RunResult> {
  for (;;) {
    if (index === course.closingAt && state.outcome === undefined) {
      if (course === OPENING && state.plan) {
        course = courseFor(state.plan, state.call, state.watch !== undefined);
        index = 0;
        continue;
      }
      state.outcome = state.message
        ? { ok: true, value: state.value, message: state.message }
        : { ok: true, value: state.value };
    }
    const { steps } = course;
    if (index >= steps.length) return state.result!;
    const watched = state.watch !== undefined;
    const began = watched ? monotonicMs() : 0;
    const answer = attempt(state, course, index);
    // NEXT first: most steps say it, and it is one comparison where `instanceof` walks prototype chains.
    if (answer === NEXT && !watched) index++;
    else if (answer !== NEXT && (answer instanceof Promise || answer instanceof Awaiting))
      return wait(state, course, index, answer, began);
    else index = advance(state, course, index, answer as StepOutcome, began);
  }
}

// A step that throws fails the call with an internal error naming the step.
function attempt(state: CallState, course: Course, index: number): StepAnswer {
  try {
    return course.runs[index]!(state);
  } catch (error) {
    return { fail: stepFailed(state, course.steps[index]!, error) };
  }
}

// Two closures per wait, and nothing else made: the step's answer is settled here, in one promise hop.
function wait(
  state: CallState,
  course: Course,
  index: number,
  pending: Promise<StepOutcome> | Awaiting,
  began: number,
): Promise<RunResult> {
  if (pending instanceof Awaiting) {
    // A native promise is waited on as it is (`Promise.resolve` would look up its constructor first).
    const { pending: answer } = pending;
    return (answer instanceof Promise ? answer : Promise.resolve(answer)).then(
      (value) => resume(state, course, index, began, settled(state, course, index, pending.settle, value)),
      (error: unknown) => resume(state, course, index, began, rejected(state, course, index, pending, error)),
    );
  }
  return pending.then(
    (outcome) => resume(state, course, index, began, outcome),
    (error: unknown) =>
      resume(state, course, index, began, { fail: stepFailed(state, course.steps[index]!, error) }),
  );
}

function resume(
  state: CallState,
  course: Course,
  index: number,
  began: number,
  outcome: StepOutcome,
): RunResult | Promise<RunResult> {
  return walk(state, course, advance(state, course, index, outcome, began));
}

function settled<TValue>(
  state: CallState,
  course: Course,
  index: number,
  settle: (state: CallState, value: TValue) => StepOutcome,
  value: TValue,
): StepOutcome {
  try {
    return settle(state, value);
  } catch (error) {
    return { fail: stepFailed(state, course.steps[index]!, error) };
  }
}

function rejected(
  state: CallState,
  course: Course,
  index: number,
  pending: Awaiting,
  error: unknown,
): StepOutcome {
  if (pending.reject) return settled(state, course, index, pending.reject, error);
  return { fail: stepFailed(state, course.steps[index]!, error) };
}

// Where to go after step `index` said `outcome`, reporting it to a watcher: the next step, or the closing steps
// once a call step failed or finished the call. A closing step that fails (it never should: each reports its own
// failures in the outcome) is logged, and a success it would have reported becomes a `handler_error` saying so.
function advance(
  state: CallState,
  course: Course,
  index: number,
  outcome: StepOutcome,
  began: number,
): number {
  const step = course.steps[index]!;
  if (state.watch?.step) {
    const label = outcome === NEXT ? 'next' : 'fail' in outcome ? outcome.fail.code : 'finish';
    try {
      state.watch.step(step.name, label, monotonicMs() - began);
    } catch (error) {
      observerFailed(state, error);
    }
  }
  if (outcome === NEXT) return index + 1;
  if (step.closing) {
    if ('fail' in outcome && state.result === undefined) {
      state.outcome = failedAfterHandler(state, state.outcome!, `its ${step.name} step failed`, outcome.fail);
    }
    return index + 1;
  }
  if ('fail' in outcome) state.outcome = { ok: false, error: outcome.fail };
  else if ('finish' in outcome) {
    state.outcome = outcome.finish;
    state.replayed = outcome.replayed === true;
  }
  return course.closingAt;
}
