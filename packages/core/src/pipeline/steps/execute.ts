import type { ActionContext, RunCall } from '../../action/types.js';
import { actionError } from '../../errors/action-error.js';
import { isReply } from '../../action/with-message.js';
import { ActionFailure } from '../../errors/action-failure.js';
import { type CallState, fail, NEXT, type Step, type StepOutcome } from '../call-state.js';

const ABORTED = Symbol('aborted');
const TIMED_OUT = Symbol('timed-out');

/** Run the handler with the action's time limit and the caller's abort signal; a throw becomes data. */
export const execute: Step = {
  name: 'execute',
  run(state) {
    const action = state.action!;
    if (!action.handler) {
      return fail(
        actionError('unavailable', `${state.name} has no handler here; it runs where it is rendered (in the client)`),
      );
    }
    const timeoutMs = action.timeoutMs ?? state.runtime.defaultTimeoutMs;
    const outer = state.call.signal;
    if (outer?.aborted) return fail(abortedError(state, outer.reason));
    if (timeoutMs === undefined && !outer) {
      // Fast path: nothing can interrupt the call, so no controller or timer is needed.
      state.signal = NEVER_ABORTED;
      return invoke(state, NEVER_ABORTED);
    }
    return guarded(state, timeoutMs, outer);
  },
};

const NEVER_ABORTED = new AbortController().signal;

async function invoke(state: CallState, signal: AbortSignal): Promise<StepOutcome> {
  try {
    const value = await state.action!.handler!(state.input, handlerContext(state, signal));
    if (isReply(value)) {
      state.value = value.value;
      state.message = value.message;
    } else state.value = value;
    return NEXT;
  } catch (error) {
    return fail(thrownError(state, error));
  }
}

async function guarded(state: CallState, timeoutMs: number | undefined, outer: AbortSignal | undefined): Promise<StepOutcome> {
  const controller = new AbortController();
  state.signal = controller.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<typeof ABORTED | typeof TIMED_OUT>((resolve) => {
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
        resolve(TIMED_OUT);
      }, timeoutMs);
    }
    if (outer) {
      onAbort = () => {
        controller.abort(outer.reason);
        resolve(ABORTED);
      };
      outer.addEventListener('abort', onAbort, { once: true });
    }
  });
  try {
    const outcome = await Promise.race([invoke(state, controller.signal), interrupted]);
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

function handlerContext(state: CallState, signal: AbortSignal): ActionContext {
  const { runtime } = state;
  return {
    callId: state.callId,
    name: state.name,
    user: state.user,
    context: state.context,
    target: state.target!,
    sessionId: state.call.sessionId,
    signal,
    services: state.call.services ? { ...runtime.services, ...state.call.services } : runtime.services,
    logger: runtime.logger,
    depth: state.depth,
    run: <TValue>(call: Omit<RunCall, 'user' | 'sessionId' | 'signal'>) =>
      runtime.runNested(
        {
          ...call,
          context: call.context ?? state.context,
          services: call.services ?? state.call.services,
          user: state.user,
          sessionId: state.call.sessionId,
          signal,
        } as RunCall,
        { callId: state.callId, depth: state.depth },
      ) as never as Promise<import('../../action/types.js').RunResult<TValue>>,
    progress: (progress) => runtime.events.emit('call-progress', { callId: state.callId, name: state.name, progress }),
  };
}

function thrownError(state: CallState, error: unknown) {
  if (error instanceof ActionFailure) return actionError(error.code, error.message, error.extra);
  const message = error instanceof Error ? error.message : String(error);
  state.runtime.logger.error({ callId: state.callId, name: state.name, err: error }, 'handler threw');
  return actionError('handler_error', `${state.name} failed: ${message}`);
}

function abortedError(state: CallState, reason: unknown) {
  const why = reason instanceof Error ? `: ${reason.message}` : typeof reason === 'string' ? `: ${reason}` : '';
  return actionError('aborted', `${state.name} was cancelled${why}`);
}
