import type { ActionContext, InputRequest, Progress, RunCall, RunResult } from '../../action/types.js';
import { isReply } from '../../action/with-message.js';
import { actionError } from '../../errors/action-error.js';
import { ActionFailure } from '../../errors/action-failure.js';
import { maskSecrets } from '../../redact/mask-secrets.js';
import { Awaiting, type CallState, fail, NEXT, type Step, type StepOutcome } from '../call-state.js';

const ABORTED = Symbol('aborted');
const TIMED_OUT = Symbol('timed-out');

/** Run the handler with the action's time limit and the caller's abort signal; a throw becomes data. */
export const execute: Step = {
  name: 'execute',
  run(state) {
    const action = state.action!;
    if (!action.handler) {
      return fail(
        actionError(
          'unavailable',
          `${state.name} has no handler here; it runs where it is rendered (in the client)`,
        ),
      );
    }
    const timeoutMs = action.timeoutMs ?? state.runtime.defaultTimeoutMs;
    const outer = state.call.signal;
    if (outer?.aborted) return fail(abortedError(state, outer.reason));
    // Fast path: nothing can interrupt the call; `ctx.signal` is made only if the handler reads it.
    if (timeoutMs === undefined && !outer) return invoke(state, undefined);
    if (timeoutMs === undefined) {
      // Only the caller's signal: a handler that answers synchronously cannot be interrupted, so it needs no
      // listener and no race; one that returns a promise is raced against the signal from then on.
      state.signal = outer;
      const outcome = invoke(state, outer);
      return outcome instanceof Awaiting ? guarded(state, undefined, outer, outcome.outcome(state)) : outcome;
    }
    return guarded(state, timeoutMs, outer);
  },
};

// Synchronous when the handler is: a promise (or any thenable) is awaited, a plain value is taken as it is.
function invoke(state: CallState, signal: AbortSignal | undefined): StepOutcome | Awaiting {
  let value: unknown;
  try {
    value = state.action!.handler!(state.input, handlerContext(state, signal));
  } catch (error) {
    return fail(thrownError(state, error));
  }
  return isThenable(value) ? new Awaiting(value, settle, failed) : settle(state, value);
}

function failed(state: CallState, error: unknown): StepOutcome {
  return fail(thrownError(state, error));
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value instanceof Promise ||
    (value !== null &&
      (typeof value === 'object' || typeof value === 'function') &&
      typeof (value as { then?: unknown }).then === 'function')
  );
}

function settle(state: CallState, value: unknown): StepOutcome {
  if (isReply(value)) {
    state.value = value.value;
    state.message = value.message;
  } else state.value = value;
  return NEXT;
}

// `started`: the handler already running with the caller's signal (no time limit); else it is invoked here.
async function guarded(
  state: CallState,
  timeoutMs: number | undefined,
  outer: AbortSignal | undefined,
  started?: Promise<StepOutcome>,
): Promise<StepOutcome> {
  // The handler may have aborted the caller's signal itself before answering with its promise.
  if (started && outer?.aborted) return fail(abortedError(state, outer.reason));
  // Without a time limit the caller's signal is all the handler needs; a controller is made only to add a timer.
  const controller = timeoutMs === undefined ? undefined : new AbortController();
  const signal = controller ? controller.signal : outer!;
  state.signal = signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<typeof ABORTED | typeof TIMED_OUT>((resolve) => {
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        controller?.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
        resolve(TIMED_OUT);
      }, timeoutMs);
    }
    if (outer) {
      onAbort = () => {
        controller?.abort(outer.reason);
        resolve(ABORTED);
      };
      outer.addEventListener('abort', onAbort, { once: true });
    }
  });
  try {
    const running = started ?? invoke(state, signal);
    const outcome = await Promise.race([
      running instanceof Awaiting ? running.outcome(state) : running,
      interrupted,
    ]);
    if (outcome === TIMED_OUT) {
      return fail(
        actionError('timeout', `${state.name} did not finish within ${timeoutMs} ms`, {
          hint: 'try again later, or with less work per call',
        }),
      );
    }
    if (outcome === ABORTED) return fail(abortedError(state, outer?.reason));
    return outcome;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (outer && onAbort) outer.removeEventListener('abort', onAbort);
  }
}

function handlerContext(state: CallState, signal: AbortSignal | undefined): ActionContext {
  return new HandlerContext(state, signal);
}

// A class rather than an object literal, its fields read through from the call state: one small object per call,
// with `run`, `progress` and the getters on the prototype rather than copied or closed over.
class HandlerContext implements ActionContext {
  declare private mergedServices: ActionContext['services'] | undefined;

  constructor(
    private readonly state: CallState,
    private givenSignal: AbortSignal | undefined,
  ) {
    this.mergedServices = state.call.services ? undefined : state.runtime.services;
  }

  get callId(): string {
    return this.state.callId;
  }

  get toolCallId(): string | undefined {
    return this.state.toolCallId;
  }

  get name(): string {
    return this.state.name;
  }

  get user(): ActionContext['user'] {
    return this.state.user;
  }

  get context(): Record<string, unknown> {
    return this.state.context;
  }

  get target(): ActionContext['target'] {
    return this.state.target!;
  }

  get sessionId(): string | undefined {
    return this.state.call.sessionId;
  }

  get logger(): ActionContext['logger'] {
    return this.state.runtime.logger;
  }

  get depth(): number {
    return this.state.depth;
  }

  /** The registry's services with the call's own on top; merged when a handler first reads them. */
  get services(): ActionContext['services'] {
    const { runtime, call } = this.state;
    this.mergedServices ??= { ...runtime.services, ...call.services };
    return this.mergedServices;
  }

  /** The call's abort signal; a call nothing can interrupt gets a fresh one that never fires. */
  get signal(): AbortSignal {
    this.givenSignal ??= new AbortController().signal;
    return this.givenSignal;
  }

  run<TValue>(call: Omit<RunCall, 'user' | 'sessionId' | 'signal'>): Promise<RunResult<TValue>> {
    const { state } = this;
    return state.runtime.runNested(
      {
        ...call,
        context: call.context ?? state.context,
        services: call.services ?? state.call.services,
        user: state.user,
        sessionId: state.call.sessionId,
        signal: this.signal,
      } as RunCall,
      { callId: state.callId, depth: state.depth },
    ) as Promise<RunResult<TValue>>;
  }

  progress(progress: Progress): void {
    const { state } = this;
    const { onProgress } = state.call;
    if (onProgress) {
      try {
        onProgress(progress);
      } catch (error) {
        // Like a throwing event listener: the caller's watcher never breaks the handler.
        state.runtime.logger.error({ callId: state.callId, err: error }, 'onProgress threw');
      }
    }
    state.runtime.events.emit('call-progress', {
      callId: state.callId,
      toolCallId: state.toolCallId,
      name: state.name,
      progress,
    });
  }

  ask<TAnswer>(request: InputRequest): TAnswer {
    const key = request?.key ?? 'input';
    const answers = this.state.call.answers;
    if (answers && Object.hasOwn(answers, key)) return answers[key] as TAnswer;
    throw new ActionFailure('input_required', `${this.state.name} asks: ${request.message}`, {
      hint: 'tell the user what is asked; the call runs again once they answer',
      details: { key, message: request.message, responseSchema: request.schema },
    });
  }
}

function thrownError(state: CallState, error: unknown) {
  if (ActionFailure.isInstance(error))
    return actionError(error.code, maskSecrets(error.message), error.extra);
  const message = error instanceof Error ? error.message : String(error);
  state.runtime.logger.error({ callId: state.callId, name: state.name, err: error }, 'handler threw');
  // A thrown message often quotes a connection string or a header: what looks secret in it is masked.
  return actionError('handler_error', `${state.name} failed: ${maskSecrets(message)}`);
}

function abortedError(state: CallState, reason: unknown) {
  const why =
    reason instanceof Error ? `: ${reason.message}` : typeof reason === 'string' ? `: ${reason}` : '';
  return actionError('aborted', `${state.name} was cancelled${why}`);
}
