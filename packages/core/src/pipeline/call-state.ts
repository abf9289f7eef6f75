import type { AnyAction, JsonSchema, RunCall, RunResult, Target, User } from '../action/types.js';
import type { ActionError } from '../errors/action-error.js';
import type { CallWatcher } from '../observe/call-observer.js';
import type { AuditApproval } from '../ports/audit-sink.js';
import type { IdempotencyClaim, StoredOutcome } from '../ports/idempotency-store.js';
import type { Redaction } from '../redact/redaction-plan.js';
import type { Validator } from '../schema/compile-validator.js';
import type { FlatJsonWriter } from './flat-json.js';
import type { RegistryRuntime } from './runtime.js';

// The context of a call that brought none: shared, so frozen (a handler cannot leave anything in it for the next).
const NO_CONTEXT: Record<string, unknown> = Object.freeze({});

/**
 * Everything the steps of one call read and write, in the order the steps fill it in. A class with every field set
 * in the constructor, so all calls share one object shape however far they get.
 */
export class CallState {
  /** `performance.now()` when the call began (the audit record converts it to wall-clock time). */
  declare readonly started: number;
  declare readonly user: User | undefined;
  declare readonly context: Record<string, unknown>;
  /** The tool-call id the caller gave (`toolCallId`, or its older name `callId`); kept beside `callId`. */
  declare readonly toolCallId: string | undefined;
  /** The observers' watcher of this call, when one watches it. */
  declare watch: CallWatcher | undefined;
  /** call: every call-level field passed its checks (until then none is trusted to be storable text). */
  declare callChecked: boolean;
  /** resolve: the action and its compiled plan. */
  declare action: AnyAction | undefined;
  declare plan: ActionPlan | undefined;
  /** parse: plain-data copy of the arguments, target id included. */
  declare args: Record<string, unknown> | undefined;
  declare repaired: boolean;
  /** target id taken out of `args` for scoped actions */
  declare targetId: string | undefined;
  /** validate: the handler's input. */
  declare input: unknown;
  /** target */
  declare target: Target | undefined;
  /** idempotency: the claimed key and its token, completed (or released) after execution. */
  declare idempotencyClaim: IdempotencyClaim | undefined;
  /** idempotency: the timer renewing the claim's lease while the call runs. */
  declare idempotencyLease: ReturnType<typeof setInterval> | undefined;
  /** execute */
  declare signal: AbortSignal | undefined;
  declare value: unknown;
  declare message: string | undefined;
  /** The end of the call: its outcome, once a step finished or failed it (or the last call step went on). */
  declare outcome: StoredOutcome | undefined;
  /** Whether the outcome is an idempotent replay of an earlier call's. */
  declare replayed: boolean;
  /** shape: the result the caller gets; audit may replace it with a `handler_error` when no record was written. */
  declare result: RunResult | undefined;

  constructor(
    readonly runtime: RegistryRuntime,
    readonly call: RunCall,
    readonly callId: string,
    readonly depth: number,
    readonly parentCallId: string | undefined,
    /** Set when the call resumes after a person approved it. */
    readonly approved: AuditApproval | undefined,
    public name: string,
    started: number,
  ) {
    // Plain assignments rather than field initialisers: measurably cheaper on the hot path.
    this.started = started;
    this.user = call.user;
    this.context = call.context && typeof call.context === 'object' ? call.context : NO_CONTEXT;
    this.toolCallId = call.toolCallId || call.callId || undefined;
    this.watch = undefined;
    this.callChecked = false;
    this.action = undefined;
    this.plan = undefined;
    this.args = undefined;
    this.repaired = false;
    this.targetId = undefined;
    this.input = undefined;
    this.target = undefined;
    this.idempotencyClaim = undefined;
    this.idempotencyLease = undefined;
    this.signal = undefined;
    this.value = undefined;
    this.message = undefined;
    this.outcome = undefined;
    this.replayed = false;
    this.result = undefined;
  }
}

/** What a step says: go on, stop with an error, or finish with an outcome (an idempotent replay). */
export type StepOutcome =
  | typeof NEXT
  | { readonly fail: ActionError }
  | { readonly finish: StoredOutcome; readonly replayed?: boolean };

/** Go on to the next step. */
export const NEXT = Object.freeze({ next: true as const });

/**
 * A step's outcome still on its way, as a promise-like plus what to make of it: the runner awaits `pending` and
 * calls `settle`, or `reject` (absent: the call fails as the step's error, see `stepFailed`). One promise hop where
 * a `.then` in the step and another in the runner would take two. Functions, not closures, so nothing is made per
 * call but this object.
 */
export class Awaiting<TValue = unknown> {
  constructor(
    readonly pending: PromiseLike<TValue>,
    readonly settle: (state: CallState, value: TValue) => StepOutcome,
    readonly reject?: (state: CallState, error: unknown) => StepOutcome,
  ) {}

  /** As one promise of the outcome, for callers that need a promise (a race, an `await`). */
  outcome(state: CallState): Promise<StepOutcome> {
    const { reject } = this;
    return Promise.resolve(this.pending).then(
      (value) => this.settle(state, value),
      reject ? (error: unknown) => reject(state, error) : undefined,
    );
  }
}

/**
 * What a step makes of a port's answer, which may be a value or a promise of one: `settle` at once for a value;
 * for a promise, the runner waits and settles then (a rejection goes to `reject`, else fails the call as the step's
 * error). Steps call this instead of testing for promises themselves; pass functions, not closures.
 */
export function onAnswer<TValue>(
  state: CallState,
  answer: TValue | Promise<TValue>,
  settle: (state: CallState, value: TValue) => StepOutcome,
  reject?: (state: CallState, error: unknown) => StepOutcome,
): StepAnswer {
  return answer instanceof Promise
    ? (new Awaiting(answer, settle, reject) as Awaiting)
    : settle(state, answer);
}

/** What a step's `run` answers: an outcome now, a promise of one, or one still on its way. */
export type StepAnswer = StepOutcome | Promise<StepOutcome> | Awaiting;

/** A named step of the run pipeline. */
export interface Step {
  readonly name: string;
  /**
   * The store or resolver the step waits on (`the rate limiter`), when it has one: a failure there is reported
   * in the pipeline's own words, never in the store's (whose message may hold a database's text or a value).
   */
  readonly port?: string;
  /**
   * Whether the step can do anything for this action under this registry; a step that cannot is left out of the
   * action's compiled plan (it would only answer NEXT). Absent means it always applies.
   */
  applies?(action: AnyAction, runtime: RegistryRuntime): boolean;
  /**
   * Only in the plans of some calls, when the step does nothing for the others: those that carry an idempotency key
   * (`keyed`), a session id (`in-session`), or that someone watches (`watched`).
   */
  readonly only?: 'keyed' | 'in-session' | 'watched';
  /**
   * A step of the end of the call, run whatever the outcome (settle, history, shape, audit, report): it reads and
   * may replace `state.outcome` and `state.result`, answers NEXT, and reports its own failures in them.
   */
  readonly closing?: true;
  /** What the step does for one call; called as a plain function, without `this` (see `Course.runs`). */
  run(state: CallState): StepAnswer;
}

/** Stop the call with this error. */
export function fail(error: ActionError): StepOutcome {
  return { fail: error };
}

/** Steps to walk, in order, and the index of the first closing step among them. */
export interface Course {
  readonly steps: readonly Step[];
  /**
   * Each step's `run`, in the same order: the runner calls these, an array read where `steps[index].run` would be
   * a property read on step objects of several shapes (a megamorphic load, once per step of every call).
   */
  readonly runs: readonly Step['run'][];
  readonly closingAt: number;
}

/** What a call of one action in one registry needs after `resolve`, worked out once. */
export interface ActionPlan {
  /**
   * The steps that can matter for this action, in pipeline order, closing steps included: an action without a rate
   * limit never reaches the limiter, one without `when` never asks it, one without an output schema skips `output`.
   */
  readonly steps: readonly Step[];
  /** Its steps for each kind of call, made on first use (see `courseFor`). */
  readonly courses: Array<Course | undefined>;
  /** The schema its arguments are read (and redacted for the audit log) by: the target id parameter included. */
  readonly argsSchema: JsonSchema;
  /**
   * How its arguments are redacted wherever they are shown (the audit log, approvals, events) and which of them an
   * error message must not repeat: compiled from the schema's hints, the action's `sensitive` paths and the key rules.
   */
  readonly redaction: Redaction;
  /** Writes the model's text for the action's flat results (its key prefixes cached); see flat-json.ts. */
  readonly flatJson: FlatJsonWriter;
  /** The action's input validator in this registry, kept at its first call (one lookup fewer per call). */
  inputValidator: Validator | undefined;
}
