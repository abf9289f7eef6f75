import { AsyncLocalStorage } from 'node:async_hooks';
import type { AGUIEvent } from '@affordance/core/streaming';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { ServerError } from '../server-error.js';

/** A JSON object: the shape of AG-UI shared state this server keeps. */
export type JsonObject = { [key: string]: unknown };

/** The AG-UI state events `/agui` sends besides the ones core's encoder knows. */
export type StateEvent =
  | { readonly type: 'STATE_SNAPSHOT'; readonly snapshot: JsonObject }
  | { readonly type: 'STATE_DELTA'; readonly delta: readonly Operation[] };

/** Every event an `/agui` stream carries. */
export type AguiOutEvent = AGUIEvent | StateEvent;

/** The most bytes (JSON text) a run's shared state may take, sent or set by an action (256 KiB). */
export const MAX_STATE_BYTES = 256 * 1024;

/**
 * The state a run shares with its client (AG-UI `state`): what an action reads and changes through
 * `sharedState(ctx)`. Each change goes to the client as a `STATE_DELTA` (RFC 6902 JSON Patch).
 */
export interface SharedState {
  /** A copy of the state as it is now. */
  get(): JsonObject;
  /** Replace the state with `next` (a JSON object); the client gets the difference. */
  set(next: JsonObject): void;
  /** Change the state with JSON Patch operations, all or nothing; an operation that does not apply throws. */
  patch(operations: readonly Operation[]): void;
}

interface LiveState extends SharedState {
  readonly threadId: string;
}

// One store per process, whatever copy of this module reads it: a registry module loaded through tsx's `tsImport`
// (`serve --registry actions.ts`) gets its own instance of the modules it imports.
const KEY = Symbol.for('@affordance/server.sharedState');
const holder = globalThis as { [KEY]?: AsyncLocalStorage<LiveState> };
holder[KEY] ??= new AsyncLocalStorage<LiveState>();
const live: AsyncLocalStorage<LiveState> = holder[KEY];

/**
 * The shared state of the `/agui` run that called this action, or undefined outside one (a REST or MCP call, an
 * approved call run by another process). `ctx` is the action's context: the state belongs to its session.
 */
export function sharedState(ctx: { readonly sessionId: string | undefined }): SharedState | undefined {
  const state = live.getStore();
  return state && state.threadId === ctx.sessionId ? state : undefined;
}

/** Size of a state as JSON text; over the limit is `payload_too_large` (413). */
export function checkStateSize(state: unknown, where: string): void {
  checkedText(JSON.stringify(state) ?? '', where);
}

/** `text` when its UTF-8 size is within `MAX_STATE_BYTES`; over the limit is `payload_too_large` (413). */
function checkedText(text: string, where: string): string {
  // A UTF-16 unit takes at most 3 bytes of UTF-8, so a short text needs no encoding to be measured.
  if (text.length * 3 <= MAX_STATE_BYTES) return text;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_STATE_BYTES) {
    throw new ServerError(
      'payload_too_large',
      `${where} is ${bytes} bytes of JSON, more than the ${MAX_STATE_BYTES} a run's shared state may take`,
      'keep the shared state small: ids and short values, not documents',
    );
  }
  return text;
}

/** Run `produce` with the run's shared state in reach of its actions; each change is sent as a `STATE_DELTA`. */
export function withSharedState<T>(
  threadId: string,
  initial: JsonObject,
  send: (event: StateEvent) => void,
  produce: () => Promise<T>,
): Promise<T> {
  // The state is kept as its JSON text too: a change is turned into JSON once, which measures it, and parsed once,
  // which makes the copy the state keeps (detached from the caller's objects, with JSON's meaning of each value).
  let text = JSON.stringify(initial);
  let current = JSON.parse(text) as JsonObject;
  const commit = (next: unknown) => {
    const nextText = checkedText(JSON.stringify(next) ?? 'null', 'the shared state');
    const copy: unknown = JSON.parse(nextText);
    if (!isObject(copy)) throw new TypeError('the shared state must be a JSON object');
    const delta = jsonPatch.compare(current, copy);
    current = copy;
    text = nextText;
    if (delta.length > 0) send({ type: 'STATE_DELTA', delta });
  };
  const state: LiveState = {
    threadId,
    get: () => JSON.parse(text) as JsonObject,
    set(next) {
      if (!isObject(next)) throw new TypeError('the shared state must be a JSON object');
      commit(next);
    },
    patch(operations) {
      // On a copy, validated: an operation that fails leaves the state as it was.
      const next = jsonPatch.applyPatch(JSON.parse(text), [...operations], true, true, true).newDocument;
      if (!isObject(next)) throw new TypeError('a patch must leave the shared state a JSON object');
      commit(next);
    },
  };
  return live.run(state, produce);
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
