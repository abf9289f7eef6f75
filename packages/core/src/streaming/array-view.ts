import { ReadOnlyTraps } from './read-only-traps.js';

/**
 * A read-only snapshot of a wide open array that shares the parser's growing array instead of copying it.
 * The parser only ever appends to that array or replaces its last element, and elements before the last are
 * finished (never replaced), so a view that remembers its length and its own last element stays exact while
 * the array keeps growing: taking one costs O(1) whatever the width.
 */

// Every view shares this empty target; it only gives the proxy `Array.isArray`, the prototype and `length`,
// and tells Node's `util.inspect` (which shows a proxy's target, not what its traps say) what to show.
const TARGET: unknown[] = [];
const VIEW = Symbol('affordance.arrayView');
Object.defineProperty(TARGET, Symbol.for('nodejs.util.inspect.custom'), {
  value(this: unknown[]) {
    return Array.prototype.slice.call(this);
  },
  configurable: true,
});

/** The canonical array index a property key names, or -1 (`'01'`, `'1.0'`, symbols are not indices). */
function indexOf(key: string | symbol): number {
  if (typeof key !== 'string') return -1;
  const length = key.length;
  if (length === 0 || length > 9 || (length > 1 && key.charCodeAt(0) === 0x30)) return -1;
  let index = 0;
  for (let at = 0; at < length; at++) {
    const code = key.charCodeAt(at) - 0x30;
    if (code < 0 || code > 9) return -1;
    index = index * 10 + code;
  }
  return index;
}

class ViewHandler extends ReadOnlyTraps implements ProxyHandler<unknown[]> {
  constructor(
    private readonly items: readonly unknown[],
    private readonly length: number,
    private readonly last: unknown,
  ) {
    super();
  }

  private at(index: number): unknown {
    return index === this.length - 1 ? this.last : this.items[index];
  }

  get(target: unknown[], key: string | symbol, receiver: unknown): unknown {
    if (key === 'length') return this.length;
    if (key === VIEW) return true;
    const index = indexOf(key);
    if (index >= 0) return index < this.length ? this.at(index) : undefined;
    return Reflect.get(target, key, receiver);
  }

  has(target: unknown[], key: string | symbol): boolean {
    const index = indexOf(key);
    return index >= 0 ? index < this.length : Reflect.has(target, key);
  }

  ownKeys(): ArrayLike<string | symbol> {
    const keys: string[] = [];
    for (let index = 0; index < this.length; index++) keys.push(String(index));
    keys.push('length');
    return keys;
  }

  getOwnPropertyDescriptor(_target: unknown[], key: string | symbol): PropertyDescriptor | undefined {
    // `length` must look like the target's (writable, not configurable); writes are refused by `set`.
    if (key === 'length')
      return { value: this.length, writable: true, enumerable: false, configurable: false };
    const index = indexOf(key);
    if (index < 0 || index >= this.length) return undefined;
    return { value: this.at(index), writable: false, enumerable: true, configurable: true };
  }
}

/** A read-only array of `length` elements: `items[0 .. length-2]` (finished, shared) then `last`. */
export function arrayView(items: readonly unknown[], length: number, last: unknown): unknown[] {
  return new Proxy(TARGET, new ViewHandler(items, length, last));
}

/** Whether `value` is a shared array view handed out by a parser (rather than a plain array). */
export function isArrayView(value: unknown): boolean {
  return Array.isArray(value) && (value as unknown as Record<symbol, unknown>)[VIEW] === true;
}
