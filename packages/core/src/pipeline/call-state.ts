import type { AnyAction, RunCall, Target, User } from '../action/types.js';
import type { ActionError } from '../errors/action-error.js';
import type { StoredOutcome } from '../ports/idempotency-store.js';
import type { RegistryRuntime } from '../registry/runtime.js';

/** Everything the steps of one call read and write, in the order the steps fill it in. */
export interface CallState {
  readonly runtime: RegistryRuntime;
  readonly call: RunCall;
  readonly callId: string;
  readonly depth: number;
  readonly parentCallId: string | undefined;
  readonly user: User | undefined;
  readonly context: Record<string, unknown>;
  /** Set when the call resumes after a person approved it. */
  readonly approved: { readonly id: string; readonly by: string } | undefined;
  /** resolve */
  action?: AnyAction;
  name: string;
  /** parse: plain-data copy of the arguments, target id included. */
  args?: Record<string, unknown>;
  repaired?: boolean;
  /** target id taken out of `args` for scoped actions */
  targetId?: string;
  /** validate: the handler's input. */
  input?: unknown;
  /** target */
  target?: Target;
  /** idempotency: the claimed key, completed after execution. */
  idempotencyKey?: string;
  /** execute */
  signal?: AbortSignal;
  value?: unknown;
  message?: string;
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
  run(state: CallState): StepOutcome | Promise<StepOutcome>;
}

/** Stop the call with this error. */
export function fail(error: ActionError): StepOutcome {
  return { fail: error };
}
