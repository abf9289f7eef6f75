/**
 * The persistent tree behind `value()`: every open container keeps a draft that is written in place until
 * `value()` hands it out, and copied on the first write after that (copy-on-write). Publishing re-creates
 * only the path from the deepest changed container to the root; closed subtrees keep their identity.
 */

/** An object or array still open in the text. */
export interface Frame {
  readonly isArray: boolean;
  draft: unknown[] | Record<string, unknown>;
  /** The draft has been handed out by `value()`: copy it before the next write. */
  shared: boolean;
  /** For objects: the member being filled now. */
  key: string;
}

/** A new, unpublished container. */
export function openFrame(isArray: boolean): Frame {
  return { isArray, draft: isArray ? [] : {}, shared: false, key: '' };
}

function own(frame: Frame): void {
  if (!frame.shared) return;
  frame.draft = frame.isArray ? (frame.draft as unknown[]).slice() : { ...frame.draft };
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
  else define(frame.draft as Record<string, unknown>, frame.key, value);
}

/** Replace the child added last (the one still growing). */
export function setLastChild(frame: Frame, value: unknown): void {
  own(frame);
  if (frame.isArray) {
    const draft = frame.draft as unknown[];
    draft[draft.length - 1] = value;
  } else define(frame.draft as Record<string, unknown>, frame.key, value);
}

/**
 * Hand out the root: re-link every container written since the last call into its parent (which copies the
 * parent if it was handed out), then mark the whole path handed out. Returns the root draft.
 */
export function publish(stack: readonly Frame[]): unknown {
  for (let index = stack.length - 1; index > 0; index--) {
    const frame = stack[index]!;
    if (frame.shared) continue;
    setLastChild(stack[index - 1]!, frame.draft);
    frame.shared = true;
  }
  const root = stack[0]!;
  root.shared = true;
  return root.draft;
}

/** Close the top container and link its final draft into the parent; returns the closed draft. */
export function closeFrame(stack: Frame[]): unknown {
  const frame = stack.pop()!;
  const parent = stack[stack.length - 1];
  // A handed-out, unchanged draft is already what the parent holds.
  if (parent && !frame.shared) setLastChild(parent, frame.draft);
  return frame.draft;
}
