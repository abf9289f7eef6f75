import jsonPatch, { type Operation } from 'fast-json-patch';
import { createListeners } from '../listeners.js';

/** A JSON object: the shape of the state a chat shares with its agent (AG-UI `state`). */
export type JsonObject = { [key: string]: unknown };

/** The most bytes (JSON text) a shared state may take by default: 256 KiB, as `/agui` accepts. */
export const DEFAULT_MAX_STATE_BYTES = 256 * 1024;

/** Why a state was refused: not a JSON object, over the size limit, or a delta that does not apply. */
export type SharedStateErrorCode = 'invalid_state' | 'state_too_large' | 'invalid_delta';

/** A refused state, snapshot or delta; the state is left as it was. */
export class SharedStateError extends Error {
  override readonly name = 'SharedStateError';
  constructor(
    readonly code: SharedStateErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The state a chat shares with its agent: sent as `RunAgentInput.state` with every run, replaced by the agent's
 * `STATE_SNAPSHOT` and changed by its `STATE_DELTA` (RFC 6902 JSON Patch). Each change makes a new object (never
 * mutate what `get` answers); a refused change leaves the state as it was.
 */
export interface SharedStateStore {
  /** The state now (the same object until it changes). */
  get(): JsonObject;
  /** Replace the state (a user's edit: it goes with the next run). */
  set(next: JsonObject | ((current: JsonObject) => JsonObject)): void;
  /** Take the agent's `STATE_SNAPSHOT`. */
  applySnapshot(snapshot: unknown): void;
  /** Apply the agent's `STATE_DELTA`: every operation, or none (`SharedStateError` `invalid_delta`). */
  applyDelta(delta: readonly Operation[]): void;
  subscribe(listener: () => void): () => void;
}

/** Options of `createSharedState`. */
export interface SharedStateOptions {
  /** Most bytes of JSON the state may take (default 256 KiB); a larger one is refused with `state_too_large`. */
  readonly maxBytes?: number;
}

/** Create a shared-state store, empty or with a starting state. */
export function createSharedState(
  initial: JsonObject = {},
  options: SharedStateOptions = {},
): SharedStateStore {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_STATE_BYTES;
  const listeners = createListeners();
  const checked = (value: unknown, what: string): JsonObject => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new SharedStateError('invalid_state', `${what} must be a JSON object`);
    }
    const text = JSON.stringify(value);
    const bytes = new TextEncoder().encode(text).length;
    if (bytes > maxBytes) {
      throw new SharedStateError(
        'state_too_large',
        `${what} is ${bytes} bytes of JSON, more than the ${maxBytes} the shared state may take`,
      );
    }
    return JSON.parse(text) as JsonObject;
  };
  let current = checked(initial, 'the starting state');
  const commit = (next: JsonObject) => {
    current = next;
    listeners.notify();
  };
  return {
    get: () => current,
    set(next) {
      commit(checked(typeof next === 'function' ? next(current) : next, 'the state'));
    },
    applySnapshot(snapshot) {
      commit(checked(snapshot, 'the STATE_SNAPSHOT'));
    },
    applyDelta(delta) {
      if (!Array.isArray(delta)) throw new SharedStateError('invalid_delta', 'a STATE_DELTA must be a list');
      let next: unknown;
      try {
        // On a copy, each operation validated, `__proto__` / `constructor` paths refused.
        next = jsonPatch.applyPatch(jsonPatch.deepClone(current), [...delta], true, true, true).newDocument;
      } catch (error) {
        throw new SharedStateError(
          'invalid_delta',
          `the STATE_DELTA does not apply, the state is left as it was: ${(error as Error).message.split('\n')[0]}`,
        );
      }
      commit(checked(next, 'the state after the STATE_DELTA'));
    },
    subscribe: listeners.subscribe,
  };
}
