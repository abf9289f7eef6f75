/**
 * The persistent tree behind `value()`. Every open container keeps a draft written in place. Publishing
 * re-links only the containers changed since the last publish (the path from the deepest change to the
 * root); closed subtrees keep their identity. How a changed container is handed out:
 * - an object, or an array of at most `WIDE` elements: the draft itself, copied on the next write
 *   (copy-on-write, so at most `WIDE` elements or the object's members are copied per publish);
 * - a wider array: an O(1) read-only view of the draft (see `array-view.ts`), and the draft is never copied
 *   again: it only grows at the end or has its last element replaced, which no view reads from it;
 * - a container at depth `DEEP`: an O(1) lazy view of it and of the open path below it (`deep-view.ts`);
 *   containers deeper still are never handed out, so they are written in place and never copied.
 */
import { arrayView } from './array-view.js';
import { buildContainer, deepView } from './deep-view.js';
import { builderOf, copierOf, EMPTY_SHAPE, keysOf, nextShape, type ObjectShape } from './object-shape.js';
import { DEEP, define, type Frame, WIDE } from './snapshot-frame.js';

export { DEEP, type Frame, WIDE } from './snapshot-frame.js';

/** A new, unpublished container, child of `parent` (which must then add `published` as its next child). */
export function openFrame(isArray: boolean, parent: Frame | undefined): Frame {
  const depth = parent ? parent.depth + 1 : 0;
  const lazy = depth >= DEEP;
  const draft = isArray || lazy ? [] : {};
  const frame: Frame = {
    isArray,
    depth,
    parent,
    index: parent?.anchor ? (parent.draft as unknown[]).length : 0,
    anchor: parent?.anchor,
    draft,
    keys: undefined,
    shared: false,
    dirty: true,
    published: lazy ? null : draft,
    key: '',
    shape: EMPTY_SHAPE,
  };
  if (depth === DEEP) frame.anchor = frame;
  return frame;
}

/** A shallow copy: compiled for shapes seen often, else a for-in copy. */
function copyObject(
  source: Record<string, unknown>,
  shape: ObjectShape | undefined,
): Record<string, unknown> {
  const copier = shape && copierOf(shape);
  if (copier) return copier.copy(source);
  const copy: Record<string, unknown> = {};
  for (const key in source) define(copy, key, source[key]);
  return copy;
}

function own(frame: Frame): void {
  frame.dirty = true;
  if (!frame.shared) return;
  frame.draft = frame.isArray
    ? (frame.draft as unknown[]).slice()
    : copyObject(frame.draft as Record<string, unknown>, frame.shape);
  frame.shared = false;
}

/** Record the key of a lazy object's new member: in its shape, or in `keys` once the shape is lost. */
function addLazyKey(frame: Frame): void {
  if (frame.keys) {
    frame.keys.push(frame.key);
    return;
  }
  const shape = frame.shape!;
  frame.shape = nextShape(shape, frame.key);
  if (frame.shape === undefined) {
    frame.keys = keysOf(shape);
    frame.keys.push(frame.key);
  }
}

/** Give the container a new child: the next array element, or the member named by `frame.key`. */
export function addChild(frame: Frame, value: unknown): void {
  if (frame.anchor) {
    frame.anchor.dirty = true;
    (frame.draft as unknown[]).push(value);
    if (!frame.isArray) addLazyKey(frame);
    return;
  }
  own(frame);
  if (frame.isArray) (frame.draft as unknown[]).push(value);
  else {
    frame.shape = frame.shape && nextShape(frame.shape, frame.key);
    define(frame.draft as Record<string, unknown>, frame.key, value);
  }
}

/** Replace the child added last (the one still growing). */
export function setLastChild(frame: Frame, value: unknown): void {
  if (frame.anchor) {
    frame.anchor.dirty = true;
    const items = frame.draft as unknown[];
    items[items.length - 1] = value;
    return;
  }
  if (frame.shared && !frame.isArray) {
    // Copy and replace in one object literal where the shape has a compiled copier.
    const copier = frame.shape && copierOf(frame.shape);
    if (copier) {
      frame.draft = copier.withLast(frame.draft as Record<string, unknown>, value);
      frame.shared = false;
      frame.dirty = true;
      return;
    }
  }
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
  let index = stack.length - 1;
  if (index >= DEEP) {
    // Everything from depth DEEP down is shown by one lazy view.
    const anchor = stack[DEEP]!;
    if (anchor.dirty) {
      anchor.dirty = false;
      anchor.published = deepView(anchor, stack[index]!);
      setLastChild(stack[DEEP - 1]!, anchor.published);
    }
    index = DEEP - 1;
  }
  for (; index > 0; index--) {
    const frame = stack[index]!;
    if (frame.dirty) setLastChild(stack[index - 1]!, snapshot(frame));
  }
  const root = stack[0]!;
  return root.dirty ? snapshot(root) : root.published;
}

/** Close the top container and link its final, plain value into the parent; returns that value. */
export function closeFrame(stack: Frame[]): unknown {
  const frame = stack.pop()!;
  const parent = stack[stack.length - 1];
  if (frame.anchor) {
    const items = frame.draft as unknown[];
    const builder = frame.isArray ? undefined : frame.shape && builderOf(frame.shape);
    const final = frame.isArray
      ? items
      : builder
        ? builder.build(items)
        : buildContainer(frame, items.length, items[items.length - 1]);
    if (parent) setLastChild(parent, final);
    return final;
  }
  // Unless the parent already holds exactly this draft, give it the plain final array or object.
  if (parent && frame.published !== frame.draft) setLastChild(parent, frame.draft);
  return frame.draft;
}
