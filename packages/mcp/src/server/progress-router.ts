import type { Progress, Registry } from '@affordance/core';

/** Routes the registry's `call-progress` events to whoever watches a call id, through one listener. */
export interface ProgressRouter {
  /** Call `listener` for progress of `callId` until the returned function is called. */
  watch(callId: string, listener: (progress: Progress) => void): () => void;
  close(): void;
}

/** Create a router listening to `registry`. */
export function createProgressRouter(registry: Registry): ProgressRouter {
  const watchers = new Map<string, (progress: Progress) => void>();
  const stop = registry.on('call-progress', (event) => watchers.get(event.callId)?.(event.progress));
  return {
    watch(callId, listener) {
      watchers.set(callId, listener);
      return () => {
        watchers.delete(callId);
      };
    },
    close: stop,
  };
}
