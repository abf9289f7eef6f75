import type { AnyAction, RunCall, RunResult, Target, User } from '../action/types.js';
import type { ActionError } from '../errors/action-error.js';
import type { IdempotencyClaim, StoredOutcome } from '../ports/idempotency-store.js';
import type { RegistryRuntime } from '../registry/runtime.js';
import { wallClockMs } from '../util/wall-clock.js';
import type { ActionPlan } from './plan.js';

/**
 * Everything the steps of one call read and write, in the order the steps fill it in. A class with every field set
 * in the constructor, so all calls share one object shape however far they get.
 */
export class CallState {
  /** `performance.now()` and wall-clock time when the call began. */
  declare readonly started: number;
  declare readonly startedMs: number;
  declare readonly user: User | undefined;
  declare readonly context: Record<string, unknown>;
  /** The call's OpenTelemetry span, when an SDK records one. */
  declare span: { end(result: RunResult): void } | undefined;
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
  /** execute */
  declare signal: AbortSignal | undefined;
  declare value: unknown;
  declare message: string | undefined;

  constructor(
    readonly runtime: RegistryRuntime,
    readonly call: RunCall,
    readonly callId: string,
    readonly depth: number,
    readonly parentCallId: string | undefined,
    /** Set when the call resumes after a person approved it. */
    readonly approved: { readonly id: string; readonly by: string } | undefined,
    public name: string,
    started: number,
  ) {
    // Plain assignments rather than field initialisers: measurably cheaper on the hot path.
    this.started = started;
    this.startedMs = wallClockMs(started);
    this.user = call.user;
    this.context = call.context && typeof call.context === 'object' ? call.context : {};
    this.span = undefined;
    this.action = undefined;
    this.plan = undefined;
    this.args = undefined;
    this.repaired = false;
    this.targetId = undefined;
    this.input = undefined;
    this.target = undefined;
    this.idempotencyClaim = undefined;
    this.signal = undefined;
    this.value = undefined;
    this.message = undefined;
  }
}

/** What a step says: go on, stop with an error, or finish with an outcome (an idempotent replay). */
export type StepOutcome =
  | typeof NEXT
  | { readonly fail: ActionError }
  | { readonly finish: StoredOutcome; readonly replayed?: boolean };

/** Go on to the next step. */
export const NEXT = Object.freeze({ next: true as const });

/** A named step of the run pipeline. */
export interface Step {
  readonly name: string;
  /**
   * Whether the step can do anything for this action under this registry; a step that cannot is left out of the
   * action's compiled plan (it would only answer NEXT). Absent means it always applies.
   */
  applies?(action: AnyAction, runtime: RegistryRuntime): boolean;
  run(state: CallState): StepOutcome | Promise<StepOutcome>;
}

/** Stop the call with this error. */
export function fail(error: ActionError): StepOutcome {
  return { fail: error };
}
