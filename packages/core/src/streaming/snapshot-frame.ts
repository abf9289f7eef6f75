import type { ObjectShape } from './object-shape.js';

/** Arrays wider than this are handed out as shared views instead of being copied. */
export const WIDE = 64;

/**
 * Containers this deep (0 is the root) or deeper are never copied per snapshot: the container at this
 * depth is handed out as a lazy view (see `deep-view.ts`) that builds the deeper path when first read.
 */
export const DEEP = 5;

/** An object or array still open in the text. */
export interface Frame {
  readonly isArray: boolean;
  /** 0 for the root. */
  readonly depth: number;
  readonly parent: Frame | undefined;
  /** The position of this container in its parent, when the parent is lazy (counted from 0). */
  readonly index: number;
  /** For a container at depth `DEEP` or deeper: the one at depth `DEEP`, whose view shows it. */
  anchor: Frame | undefined;
  /**
   * Eager containers: the array or object itself. Lazy ones (with an anchor): the elements, or the
   * object's member values in text order (`keys` beside them), written in place.
   */
  draft: unknown[] | Record<string, unknown>;
  /**
   * Lazy objects: member keys in text order (a repeated key is listed again), kept only once `shape` no
   * longer tracks them (too many keys, or the shared cache is full).
   */
  keys: string[] | undefined;
  /** The draft itself has been handed out: copy it before the next write. */
  shared: boolean;
  /** Written since the last publish: the parent does not hold its current state. */
  dirty: boolean;
  /** What the parent (or `value()`) holds for this container now: the draft or a view of it. */
  published: unknown;
  /** For objects: the member being filled now. */
  key: string;
  /** For objects: the keys added so far (a repeated key counts again), if tracked; picks the copier. */
  shape: ObjectShape | undefined;
}

/** Set a member as JSON.parse does. */
export function define(target: Record<string, unknown>, key: string, value: unknown): void {
  // `__proto__` must become an own property, as JSON.parse makes it, not a prototype change.
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
