/**
 * Fast shallow copies of the small objects a snapshot re-creates on every delta. Objects are grouped by
 * their list of keys (a shared trie: records and tree nodes repeat a few lists), and a list copied often
 * gets a compiled copier, an object literal with those keys: several times faster in V8 than a spread
 * or a for-in copy at a site that sees many shapes (and a spread of a spread's result is slower still).
 * Where code cannot be compiled (a Content-Security-Policy without 'unsafe-eval'), copies stay generic.
 */

/** A list of keys in insertion order, as a node of the shared trie. */
export interface ObjectShape {
  readonly key: string;
  readonly parent: ObjectShape | undefined;
  readonly size: number;
  /** Shapes one key longer; the last one asked for is kept beside the map (records repeat one path). */
  next: Map<string, ObjectShape> | undefined;
  lastKey: string | undefined;
  lastNext: ObjectShape | undefined;
  /** `key` can be matched against the text as it is (no quote, backslash or control character). */
  readonly plain: boolean;
  copies: number;
  copier: Copier | undefined;
  builds: number;
  builder: Builder | undefined;
}

/** Shallow copies of an object of one shape, as it is or with its last member replaced by `last`. */
export interface Copier {
  copy(source: Record<string, unknown>): Record<string, unknown>;
  withLast(source: Record<string, unknown>, last: unknown): Record<string, unknown>;
}

/** Objects of one shape made from member values in key order, as they are or with the last one replaced. */
export interface Builder {
  build(values: readonly unknown[]): Record<string, unknown>;
  withLast(values: readonly unknown[], last: unknown): Record<string, unknown>;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must be escaped in JSON text
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** The shape of `{}`. */
export const EMPTY_SHAPE: ObjectShape = shape('', undefined, 0);

// Bounds on the shared cache, whatever keys the texts use.
const MAX_SHAPES = 4096;
const MAX_KEYS = 32;
const MAX_KEY_LENGTH = 64;
const COMPILE_AFTER = 8;
let shapes = 0;
let canCompile = true;

function shape(key: string, parent: ObjectShape | undefined, size: number): ObjectShape {
  return {
    key,
    parent,
    size,
    next: undefined,
    lastKey: undefined,
    lastNext: undefined,
    plain: !NEEDS_ESCAPE.test(key),
    copies: 0,
    copier: undefined,
    builds: 0,
    builder: undefined,
  };
}

/** The shape after adding `key`, or undefined once the object is too wide or the cache is full. */
export function nextShape(from: ObjectShape, key: string): ObjectShape | undefined {
  if (from.lastKey === key) return from.lastNext;
  let found = from.next?.get(key);
  if (found === undefined) {
    if (shapes >= MAX_SHAPES || from.size >= MAX_KEYS || key.length > MAX_KEY_LENGTH) return undefined;
    shapes++;
    found = shape(key, from, from.size + 1);
    from.next ??= new Map();
    from.next.set(key, found);
  }
  from.lastKey = key;
  from.lastNext = found;
  return found;
}

/** The key that followed this shape last time, if the text can be matched against it directly. */
export function predictedKey(from: ObjectShape | undefined): string | undefined {
  const next = from?.lastNext;
  return next?.plain ? next.key : undefined;
}

/** The ancestor of a shape with only its first `count` keys. */
export function shapeAt(from: ObjectShape, count: number): ObjectShape {
  let at = from;
  while (at.size > count && at.parent) at = at.parent;
  return at;
}

/** The keys of a shape in order, or of its ancestor with only the first `count` of them. */
export function keysOf(from: ObjectShape, count = from.size): string[] {
  from = shapeAt(from, count);
  let at: ObjectShape | undefined;
  const keys: string[] = [];
  for (at = from; at && at.size > 0; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/** Compile a function from JavaScript source made only of `JSON.stringify`-quoted keys, or undefined. */
function compile<T>(parameters: string[], body: string): T | undefined {
  try {
    return new Function(...parameters, body) as T;
  } catch {
    canCompile = false; // eval is forbidden here
    return undefined;
  }
}

/** The literal keys of a shape, or undefined when a literal cannot make it (`__proto__:` sets the prototype). */
function literalKeys(from: ObjectShape): string[] | undefined {
  const keys = keysOf(from);
  // Keys are written as JSON string literals, which are JavaScript string literals: nothing can escape.
  return keys.includes('__proto__') ? undefined : keys.map((key) => JSON.stringify(key));
}

/** The compiled copier for objects of this shape, once it has been asked for often enough. */
export function copierOf(from: ObjectShape): Copier | undefined {
  if (from.copier !== undefined || !canCompile) return from.copier;
  if (++from.copies < COMPILE_AFTER || from.size === 0) return undefined;
  const keys = literalKeys(from);
  if (keys) {
    const members = keys.map((key) => `${key}: source[${key}]`);
    const withLast = [...members.slice(0, -1), `${keys.at(-1)}: last`];
    const copiers = compile<() => Copier>(
      [],
      `return { copy: (source) => ({ ${members.join(', ')} }), withLast: (source, last) => ({ ${withLast.join(', ')} }) };`,
    );
    from.copier = copiers?.();
  }
  if (from.copier === undefined) from.copies = Number.NEGATIVE_INFINITY; // never again
  return from.copier;
}

/** The compiled builder for objects of this shape, once it has been asked for often enough. */
export function builderOf(from: ObjectShape): Builder | undefined {
  if (from.builder !== undefined || !canCompile) return from.builder;
  if (++from.builds < COMPILE_AFTER || from.size === 0) return undefined;
  const keys = literalKeys(from);
  if (keys) {
    const members = keys.map((key, index) => `${key}: values[${index}]`);
    const withLast = [...members.slice(0, -1), `${keys.at(-1)}: last`];
    const builders = compile<() => Builder>(
      [],
      `return { build: (values) => ({ ${members.join(', ')} }), withLast: (values, last) => ({ ${withLast.join(', ')} }) };`,
    );
    from.builder = builders?.();
  }
  if (from.builder === undefined) from.builds = Number.NEGATIVE_INFINITY; // never again
  return from.builder;
}
