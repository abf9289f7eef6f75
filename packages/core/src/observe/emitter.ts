/** A tiny typed event emitter: `on` returns the function that removes the listener. */
export interface Emitter<TEvents extends Record<string, unknown>> {
  on<K extends keyof TEvents>(type: K, listener: (event: TEvents[K]) => void): () => void;
  emit<K extends keyof TEvents>(type: K, event: TEvents[K]): void;
  /** Whether anyone listens to `type` (lets hot paths skip building events). */
  has(type: keyof TEvents): boolean;
}

/**
 * Create an emitter. A throwing listener is reported to `onListenerError` and never breaks the emitter;
 * `onListenersChange` hears of every listener added or removed, by event type.
 */
export function createEmitter<TEvents extends Record<string, unknown>>(
  onListenerError: (error: unknown) => void = () => {},
  onListenersChange?: (type: keyof TEvents) => void,
): Emitter<TEvents> {
  const listeners = new Map<keyof TEvents, Set<(event: never) => void>>();
  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(listener as (event: never) => void);
      onListenersChange?.(type);
      return () => {
        if (set.delete(listener as (event: never) => void)) onListenersChange?.(type);
      };
    },
    emit(type, event) {
      const set = listeners.get(type);
      if (!set || set.size === 0) return;
      for (const listener of [...set]) {
        try {
          (listener as (event: TEvents[typeof type]) => void)(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    has(type) {
      return (listeners.get(type)?.size ?? 0) > 0;
    },
  };
}
