/**
 * The persistent tree behind `value()`. Every open container keeps a draft written in place. Publishing
 * re-links only the containers changed since the last publish (the path from the deepest change to the
 * root); closed subtrees keep their identity. How a changed container is handed out:
 * - an object, or an array of at most `WIDE` elements: the draft itself, copied on the next write
 *   (copy-on-write, so at most `WIDE` elements or the object's members are copied per publish);
 * - a wider array: an O(1) read-only view of the draft (see `array-view.ts`), and the draft is never copied
 *   again: it only grows at the end or has its last element replaced, which no view reads from it.
 */
import { arrayView } from './array-view.js';

/** Arrays wider than this are handed out as shared views instead of being copied. */
export const WIDE = 64;

/** An object or array still open in the text. */
export interface Frame {
  readonly isArray: boolean;
  draft: unknown[] | Record<string, unknown>;
  /** The draft itself has been handed out: copy it before the next write. */
  shared: boolean;
  /** Written since the last publish: the parent does not hold its current state. */
  dirty: boolean;
  /** What the parent (or `value()`) holds for this container now: the draft or a view of it. */
  published: unknown;
  /** For objects: the member being filled now. */
  key: string;
  /** For objects: members added so far (a repeated key counts again); picks how `copyObject` copies. */
  members: number;
}

/** A new, unpublished container (its parent holds the draft itself). */
export function openFrame(isArray: boolean): Frame {
  const draft = isArray ? [] : {};
  return { isArray, draft, shared: false, dirty: true, published: draft, key: '', members: 0 };
}

/**
 * A shallow copy. Small objects: a spread, one site per member count so each site sees few shapes; larger
 * ones (records): a for-in copy, which measured faster here than a spread site that sees every shape.
 */
function copyObject(source: Record<string, unknown>, members: number): Record<string, unknown> {
  switch (members) {
    case 1:
      return { ...source };
    case 2:
      return { ...source };
    case 3:
      return { ...source };
    case 4:
      return { ...source };
    default: {
      const copy: Record<string, unknown> = {};
      for (const key in source) define(copy, key, source[key]);
      return copy;
    }
  }
}

function own(frame: Frame): void {
  frame.dirty = true;
  if (!frame.shared) return;
  frame.draft = frame.isArray
    ? (frame.draft as unknown[]).slice()
    : copyObject(frame.draft as Record<string, unknown>, frame.members);
  frame.shared = false;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  // `__proto__` must become an own property, as JSON.parse makes it, not a prototype change.
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Give the container a new child: the next array element, or the member named by `frame.key`. */
export function addChild(frame: Frame, value: unknown): void {
  own(frame);
  if (frame.isArray) (frame.draft as unknown[]).push(value);
  else {
    frame.members++;
    define(frame.draft as Record<string, unknown>, frame.key, value);
  }
}

/** Replace the child added last (the one still growing). */
export function setLastChild(frame: Frame, value: unknown): void {
  own(frame);
  if (frame.isArray) {
    const draft = frame.draft as unknown[];
    draft[draft.length - 1] = value;
  } else define(frame.draft as Record<string, unknown>, frame.key, value);
}

/** What to hand out for a changed container. */
function snapshot(frame: Frame): unknown {
  frame.dirty = false;
  const { draft } = frame;
  if (frame.isArray && (draft as unknown[]).length > WIDE) {
    const items = draft as unknown[];
    frame.published = arrayView(items, items.length, items[items.length - 1]);
  } else {
    frame.shared = true;
    frame.published = draft;
  }
  return frame.published;
}

/** Hand out the root: link every container changed since the last call into its parent, root last. */
export function publish(stack: readonly Frame[]): unknown {
  for (let index = stack.length - 1; index > 0; index--) {
    const frame = stack[index]!;
    if (frame.dirty) setLastChild(stack[index - 1]!, snapshot(frame));
  }
  const root = stack[0]!;
  return root.dirty ? snapshot(root) : root.published;
}

/** Close the top container and link its final, plain draft into the parent; returns the closed draft. */
export function closeFrame(stack: Frame[]): unknown {
  const frame = stack.pop()!;
  const parent = stack[stack.length - 1];
  // Unless the parent already holds exactly this draft, give it the plain final array or object.
  if (parent && frame.published !== frame.draft) setLastChild(parent, frame.draft);
  return frame.draft;
}
