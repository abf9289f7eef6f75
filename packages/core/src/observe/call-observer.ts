import type { RunResult, Target, User } from '../action/types.js';

/** What an observer may read of a call as it starts: the pipeline's own call state, seen read-only. */
export interface ObservedCall {
  readonly callId: string;
  /** The tool-call id the caller gave, if any (not yet checked when the call starts). */
  readonly toolCallId: string | undefined;
  /** The name the call asked for (the action's qualified name once resolved). */
  readonly name: string;
  readonly user: User | undefined;
  readonly depth: number;
  readonly parentCallId: string | undefined;
  readonly call: { readonly sessionId?: string | undefined };
  /** The call's target, once the `target` step resolved it. */
  readonly target: Target | undefined;
}

/**
 * Watches the calls of a registry: `start` hears of each call before its first step and answers a watcher for that
 * call, or nothing to leave it alone (then the call runs as if no one watched). Events (`registry.on`) are one
 * observer, OpenTelemetry tracing (`@affordance/core/tracing`) another.
 */
export interface CallObserver {
  start(call: ObservedCall): CallWatcher | undefined;
}

/** One watched call: told of each step as it ends, and of the call's result. */
export interface CallWatcher {
  /** Run (and report) every step of `PIPELINE`, not only those of the action's compiled plan. */
  readonly everyStep?: boolean;
  /** A step ended: `outcome` is `next`, `finish` or the error code it failed the call with. */
  step?(name: string, outcome: string, durationMs: number): void;
  /** The call's result, once audited (the `report` step). */
  end?(result: RunResult): void;
}

/** Add `observer` to `observers`; returns a function that takes it out again. */
export function addObserver(observers: CallObserver[], observer: CallObserver): () => void {
  observers.push(observer);
  return () => {
    const at = observers.indexOf(observer);
    if (at >= 0) observers.splice(at, 1);
  };
}

/**
 * The watchers the observers answer for one call, as one watcher (or undefined when none watches it). An observer
 * that throws is left out of this call and its error handed to `failed`; the others watch on.
 */
export function watchCall(
  observers: readonly CallObserver[],
  call: ObservedCall,
  failed: (error: unknown) => void,
): CallWatcher | undefined {
  let watcher: CallWatcher | undefined;
  for (const observer of observers) {
    let next: CallWatcher | undefined;
    try {
      next = observer.start(call);
    } catch (error) {
      failed(error);
    }
    if (next) watcher = watcher ? new Watchers(watcher, next) : next;
  }
  return watcher;
}

class Watchers implements CallWatcher {
  readonly everyStep: boolean;

  constructor(
    private readonly first: CallWatcher,
    private readonly second: CallWatcher,
  ) {
    this.everyStep = first.everyStep === true || second.everyStep === true;
  }

  step(name: string, outcome: string, durationMs: number): void {
    this.first.step?.(name, outcome, durationMs);
    this.second.step?.(name, outcome, durationMs);
  }

  end(result: RunResult): void {
    this.first.end?.(result);
    this.second.end?.(result);
  }
}
