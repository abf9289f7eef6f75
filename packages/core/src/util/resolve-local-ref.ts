/** A JSON object (not an array, not null). */
export type JsonRecord = { readonly [key: string]: unknown };

/** Whether a value is a JSON object (not an array, not null). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The node a local `$ref` (`#`, `#/$defs/name`, any `#/json/pointer`) points at inside `root`, or undefined when
 * the reference is not local or leads nowhere. Only own keys are followed, so `#/__proto__` finds nothing.
 */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (isRecord(node) && Object.hasOwn(node, key)) {
      node = node[key];
    } else return undefined;
  }
  return node;
}

/** Deep copy of JSON data, so what an adapter returns never shares objects with the schemas it was given. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = cloneJson(value[key]);
    // defineProperty keeps a `__proto__` key as data instead of changing the copy's prototype.
    Object.defineProperty(copy, key, { value: child, enumerable: true, writable: true, configurable: true });
  }
  return copy as T;
}
