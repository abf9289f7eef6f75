import type { Progress, Registry } from '@affordance/core';

/** Routes the registry's `call-progress` events to whoever watches a call, through two listeners. */
export interface ProgressRouter {
  /**
   * Call `listener` for progress of the next call started with `toolCallId` until the returned function is called.
   * Call `registry.run` right after, in the same tick: the call is bound by its `call-start`, and from then on
   * followed by the pipeline's call id, so another caller sending the same tool-call id cannot take its progress.
   */
  watch(toolCallId: string, listener: (progress: Progress) => void): () => void;
  close(): void;
}

type Listener = (progress: Progress) => void;

/** Create a router listening to `registry`. */
export function createProgressRouter(registry: Registry): ProgressRouter {
  const waiting = new Map<string, Listener>();
  const bound = new Map<string, Listener>();
  const stopStarts = registry.on('call-start', (event) => {
    if (event.toolCallId === undefined || event.depth !== 0) return;
    const listener = waiting.get(event.toolCallId);
    if (!listener) return;
    waiting.delete(event.toolCallId);
    bound.set(event.callId, listener);
  });
  const stopProgress = registry.on('call-progress', (event) => bound.get(event.callId)?.(event.progress));
  return {
    watch(toolCallId, listener) {
      waiting.set(toolCallId, listener);
      return () => {
        if (waiting.get(toolCallId) === listener) waiting.delete(toolCallId);
        for (const [callId, candidate] of bound) if (candidate === listener) bound.delete(callId);
      };
    },
    close() {
      stopStarts();
      stopProgress();
    },
  };
}
