import { errorForModel, type Progress, type RunResult } from '@affordance/core';
import type { ToolCallError, ToolCallPart } from '../core-streaming.js';
import { createListeners } from '../listeners.js';
import { isSettled, type ToolCallEntry } from './tool-call-entry.js';

/** A framework-free store of tool-call states fed by assembler parts; React reads it with `useSyncExternalStore`. */
export interface ToolCallStore {
  /** Apply one part from the core assembler (`tool-input-start` … `tool-result`/`tool-error`). */
  apply(part: ToolCallPart): void;
  /** Start tracking a call that did not come from a stream (a palette or form run). */
  begin(call: { readonly id: string; readonly name: string; readonly args: unknown }): void;
  /** Record the registry's result of a call run here: `complete` when ok, `failed` with the fix-it error otherwise. */
  settle(id: string, result: RunResult): void;
  /** Record the progress a running call reported; false when it is unknown or already finished. */
  progress(id: string, progress: Progress): boolean;
  /** Fail a call that has not finished; false when it is unknown or already finished. */
  fail(id: string, error: ToolCallError): boolean;
  /** Fail every unfinished call with this error (an abort, a reload); returns the ids it failed. */
  failUnfinished(error: ToolCallError): string[];
  /** Wait until the person answers the call with `respond`; rejects when the signal aborts. */
  awaitResponse(id: string, signal?: AbortSignal): Promise<unknown>;
  /** Answer a call that waits for the person; false when nothing waits for this id. */
  respond(id: string, value: unknown): boolean;
  /** Put back entries read from stored messages (a restored thread). */
  restore(entries: readonly ToolCallEntry[]): void;
  get(id: string): ToolCallEntry | undefined;
  /** Every call in the order it started; the same array until something changes. */
  getSnapshot(): readonly ToolCallEntry[];
  subscribe(listener: () => void): () => void;
  clear(): void;
}

/** Create an empty tool-call store; `now` is the clock for timestamps (default `Date.now`). */
export function createToolCallStore(options: { readonly now?: () => number } = {}): ToolCallStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, ToolCallEntry>();
  const waiters = new Map<string, (value: unknown) => void>();
  const listeners = createListeners();
  let snapshot: readonly ToolCallEntry[] = [];

  const publish = () => {
    snapshot = [...entries.values()];
    listeners.notify();
  };
  const put = (entry: ToolCallEntry) => {
    entries.set(entry.id, entry);
    publish();
  };
  const patch = (id: string, change: Partial<ToolCallEntry>) => {
    const entry = entries.get(id);
    if (entry) put({ ...entry, ...change, updatedAt: now() });
  };
  const fresh = (id: string, name: string, args: unknown, providerExecuted = false): ToolCallEntry => {
    const at = now();
    return {
      id,
      name,
      status: 'pending',
      args,
      argsText: '',
      providerExecuted,
      awaitingResponse: false,
      startedAt: at,
      updatedAt: at,
    };
  };
  const failWith = (id: string, error: ToolCallError, result?: RunResult) => {
    const at = now();
    waiters.delete(id);
    patch(id, {
      status: 'failed',
      error,
      awaitingResponse: false,
      finishedAt: at,
      modelOutput: result?.modelOutput ?? errorForModel(error as Parameters<typeof errorForModel>[0]),
      ...(result ? { runResult: result } : {}),
    });
  };

  return {
    apply(part) {
      switch (part.type) {
        case 'tool-input-start': {
          // A start for a finished id is a new call that reuses the id (some agents number calls per run).
          const entry = entries.get(part.id);
          if (!entry || isSettled(entry))
            put(fresh(part.id, part.name, undefined, part.providerExecuted === true));
          return;
        }
        case 'tool-input-delta': {
          const entry = entries.get(part.id);
          if (entry) patch(part.id, { args: part.partial, argsText: entry.argsText + part.delta });
          return;
        }
        case 'tool-input-end':
          return;
        case 'tool-call':
          if (!entries.has(part.id))
            put(fresh(part.id, part.name, part.input, part.providerExecuted === true));
          patch(part.id, { status: 'executing', args: part.input });
          return;
        case 'tool-result': {
          const entry = entries.get(part.id);
          if (!entry || isSettled(entry)) return;
          if (part.result) return this.settle(part.id, part.result);
          const output = typeof part.output === 'string' ? part.output : JSON.stringify(part.output);
          patch(part.id, { status: 'complete', result: part.output, modelOutput: output, finishedAt: now() });
          return;
        }
        case 'tool-error': {
          const entry = entries.get(part.id);
          if (!entry) put(fresh(part.id, part.name ?? 'unknown', part.input));
          else if (isSettled(entry)) return;
          failWith(part.id, part.error, part.result);
          return;
        }
        case 'text-delta':
          return;
        default: {
          const unreachable: never = part;
          throw new TypeError(`unknown tool-call part ${JSON.stringify(unreachable)}`);
        }
      }
    },
    begin({ id, name, args }) {
      put({ ...fresh(id, name, args), status: 'executing' });
    },
    settle(id, result) {
      const entry = entries.get(id);
      if (!entry || isSettled(entry)) return;
      if (!result.ok) return failWith(id, result.error, result);
      waiters.delete(id);
      patch(id, {
        status: 'complete',
        result: result.value,
        runResult: result,
        modelOutput: result.modelOutput,
        awaitingResponse: false,
        finishedAt: now(),
      });
    },
    progress(id, progress) {
      const entry = entries.get(id);
      if (!entry || isSettled(entry)) return false;
      patch(id, { progress });
      return true;
    },
    fail(id, error) {
      const entry = entries.get(id);
      if (!entry || isSettled(entry)) return false;
      failWith(id, error);
      return true;
    },
    failUnfinished(error) {
      const failed = [...entries.values()].filter((entry) => !isSettled(entry)).map((entry) => entry.id);
      for (const id of failed) failWith(id, error);
      return failed;
    },
    awaitResponse(id, signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        waiters.set(id, resolve);
        signal?.addEventListener(
          'abort',
          () => {
            waiters.delete(id);
            reject(signal.reason);
          },
          { once: true },
        );
        patch(id, { awaitingResponse: true });
      });
    },
    respond(id, value) {
      const resolve = waiters.get(id);
      if (!resolve) return false;
      waiters.delete(id);
      patch(id, { awaitingResponse: false });
      resolve(value);
      return true;
    },
    restore(list) {
      for (const entry of list) entries.set(entry.id, entry);
      publish();
    },
    get: (id) => entries.get(id),
    getSnapshot: () => snapshot,
    subscribe: listeners.subscribe,
    clear() {
      entries.clear();
      waiters.clear();
      publish();
    },
  };
}
