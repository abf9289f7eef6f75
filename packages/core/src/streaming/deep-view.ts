/**
 * A read-only snapshot of a container on a deep open path, built only when it is first read. Per delta,
 * a snapshot must re-create every container from the changed value up to the root; past depth `DEEP` the
 * parser hands out this O(1) view instead. It remembers the deepest open container (`top`), how many
 * children that had and its last child: every container between the view's and `top` had, at that moment,
 * its finished children (which are never replaced) followed by the next open container on the path, so the
 * whole path as it was can be rebuilt later however far the parser has moved on. It is rebuilt once, on the
 * first read, as plain objects and arrays (wide arrays as array views).
 */
import { arrayView } from './array-view.js';
import { builderOf, keysOf, shapeAt } from './object-shape.js';
import { ReadOnlyTraps } from './read-only-traps.js';
import { define, type Frame, WIDE } from './snapshot-frame.js';

const VIEW = Symbol('affordance.deepView');
const REAL = Symbol('affordance.deepView.real');

// Every view shares one of these empty targets: they give `Array.isArray` and `typeof` the right answer,
// and tell Node's `util.inspect` (which shows a proxy's target, not what its traps say) what to show.
const ARRAY_TARGET: unknown[] = [];
const OBJECT_TARGET: object = {};
for (const target of [ARRAY_TARGET, OBJECT_TARGET]) {
  Object.defineProperty(target, Symbol.for('nodejs.util.inspect.custom'), {
    value(this: Record<symbol, unknown>) {
      return this[REAL];
    },
    configurable: true,
  });
}

/** The container of a lazy frame with its first `count` children, the last one being `last`. */
export function buildContainer(frame: Frame, count: number, last: unknown): unknown {
  const items = frame.draft as unknown[];
  if (frame.isArray) {
    if (count > WIDE) return arrayView(items, count, last);
    const copy = items.slice(0, count);
    if (count > 0) copy[count - 1] = last;
    return copy;
  }
  if (count === 0) return {};
  if (frame.keys === undefined) {
    const builder = builderOf(shapeAt(frame.shape!, count));
    if (builder) return builder.withLast(items, last);
  }
  const keys = frame.keys ?? keysOf(frame.shape!, count);
  const object: Record<string, unknown> = {};
  // In text order, so a repeated key keeps its first place and its last value, as in JSON.parse.
  for (let index = 0; index < count - 1; index++) define(object, keys[index]!, items[index]);
  if (count > 0) define(object, keys[count - 1]!, last);
  return object;
}

class DeepViewHandler extends ReadOnlyTraps implements ProxyHandler<object> {
  private built: object | undefined;

  constructor(
    private readonly anchor: Frame,
    private readonly top: Frame,
    private readonly count: number,
    private readonly last: unknown,
  ) {
    super();
  }

  /** The path from the anchor down to `top` as it was, built once. */
  private real(): object {
    if (this.built) return this.built;
    let frame = this.top;
    let value = buildContainer(frame, this.count, this.last);
    while (frame !== this.anchor) {
      const child = frame;
      frame = frame.parent!;
      value = buildContainer(frame, child.index + 1, value);
    }
    this.built = value as object;
    return this.built;
  }

  get(_target: object, key: string | symbol): unknown {
    if (key === VIEW) return true;
    if (key === REAL) return this.real();
    return Reflect.get(this.real(), key);
  }

  has(_target: object, key: string | symbol): boolean {
    return Reflect.has(this.real(), key);
  }

  ownKeys(): ArrayLike<string | symbol> {
    return Reflect.ownKeys(this.real());
  }

  getOwnPropertyDescriptor(_target: object, key: string | symbol): PropertyDescriptor | undefined {
    return Reflect.getOwnPropertyDescriptor(this.real(), key);
  }
}

/** A view of `anchor` as it is now, with the path below it down to the deepest open container `top`. */
export function deepView(anchor: Frame, top: Frame): unknown {
  const items = top.draft as unknown[];
  const count = items.length;
  const handler = new DeepViewHandler(anchor, top, count, items[count - 1]);
  return new Proxy(anchor.isArray ? ARRAY_TARGET : OBJECT_TARGET, handler);
}

/** Whether `value` is a lazy view of a deep open container handed out by a parser. */
export function isDeepView(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[VIEW] === true;
}
