/**
 * An object whose methods load their implementation on the first call through `load` (an `import()`: a chunk of
 * its own in a bundle, so a page that never calls them never loads it); every method answers a promise. A load
 * that fails is tried again on the next call. `methods` names every method (`{ list: true, … }`): the compiler
 * refuses a list that leaves one out, so a method added to `T` cannot be missing here.
 */
export function loadOnCall<T extends object>(
  load: () => Promise<T>,
  methods: { readonly [K in keyof T & string]: true },
): T {
  const loaded = loadOnce(load);
  const object: Record<string, unknown> = {};
  for (const method of Object.keys(methods) as (keyof T & string)[]) {
    object[method] = (...args: unknown[]) =>
      loaded().then((target) => (target[method] as (...args: unknown[]) => unknown)(...args));
  }
  return object as T;
}

/** `load` on the first call, its promise kept for later calls; a load that fails is tried again on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
