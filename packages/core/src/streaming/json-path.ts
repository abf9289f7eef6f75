import type { JsonValue } from './partial-json-parser.js';
import type { PathSegment } from './wire/wire-event.js';

/** Parse a JSONPath of plain steps (`$.a.b[0]['c d']`) into segments; undefined if it is anything else. */
export function parseJsonPath(path: string): PathSegment[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const segments: PathSegment[] = [];
  const step = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;
  step.lastIndex = 1;
  while (step.lastIndex < path.length) {
    const match = step.exec(path);
    if (!match) return undefined;
    const [, name, index, single, double] = match;
    if (name !== undefined) segments.push(name);
    else if (index !== undefined) segments.push(Number(index));
    else segments.push((single ?? double ?? '').replace(/\\(.)/g, '$1'));
  }
  return segments;
}

/**
 * A copy of `root` with `value` at `path` (a string appended to the string already there when `append`).
 * Only the containers along the path are copied, so every other subtree keeps its identity. Throws a
 * `TypeError` when the path runs through a value that is not a container of the right kind.
 */
export function setAtPath(
  root: JsonValue | undefined,
  path: readonly PathSegment[],
  value: JsonValue,
  append: boolean,
): JsonValue {
  if (path.length === 0)
    return append && typeof root === 'string' && typeof value === 'string' ? root + value : value;
  const [head, ...rest] = path as [PathSegment, ...PathSegment[]];
  if (typeof head === 'number') {
    if (root !== undefined && !Array.isArray(root)) throw new TypeError(`expected an array before [${head}]`);
    const array = root ? root.slice() : [];
    if (head > array.length)
      throw new TypeError(`index [${head}] skips elements (the array has ${array.length})`);
    array[head] = setAtPath(array[head], rest, value, append);
    return array;
  }
  if (root !== undefined && (root === null || typeof root !== 'object' || Array.isArray(root))) {
    throw new TypeError(`expected an object before .${head}`);
  }
  const object: Record<string, JsonValue> = { ...root };
  const next = setAtPath(Object.hasOwn(object, head) ? object[head] : undefined, rest, value, append);
  if (head === '__proto__')
    Object.defineProperty(object, head, {
      value: next,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  else object[head] = next;
  return object;
}
