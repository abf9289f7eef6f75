import { createListeners } from '../listeners.js';

/** Renderers by action name, with `'*'` as the wildcard; framework-free so any binding can hold one. */
export interface RendererRegistry<TRender> {
  /** Add a renderer; returns the function that removes exactly this one. */
  set(name: string, render: TRender): () => void;
  /** The renderer for this name, else the wildcard, else undefined. */
  resolve(name: string): TRender | undefined;
  subscribe(listener: () => void): () => void;
  /** Goes up by one on every change (a `useSyncExternalStore` snapshot). */
  getVersion(): number;
}

/** Create an empty renderer registry. */
export function createRendererRegistry<TRender>(): RendererRegistry<TRender> {
  const renderers = new Map<string, TRender>();
  const listeners = createListeners();
  let version = 0;
  const changed = () => {
    version++;
    listeners.notify();
  };
  return {
    set(name, render) {
      renderers.set(name, render);
      changed();
      return () => {
        if (renderers.get(name) !== render) return;
        renderers.delete(name);
        changed();
      };
    },
    resolve: (name) => renderers.get(name) ?? renderers.get('*'),
    subscribe: listeners.subscribe,
    getVersion: () => version,
  };
}
