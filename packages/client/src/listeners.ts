/** The listeners of a store: its `subscribe`, and `notify` to call after each change. */
export interface Listeners {
  /** Add a listener; returns the function that removes it. */
  readonly subscribe: (listener: () => void) => () => void;
  /** Call every listener, as they were when the change happened (one added meanwhile hears the next change). */
  readonly notify: () => void;
}

/** Create an empty set of listeners. */
export function createListeners(): Listeners {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}
