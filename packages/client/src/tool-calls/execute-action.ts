import type { Registry, RunResult, User } from '@affordance/core';
import type { ToolCallStore } from './create-tool-call-store.js';

/** What `executeAction` needs: the registry that validates and runs, the store that shows the call. */
export interface ExecuteActionOptions {
  readonly registry: Registry;
  readonly store: ToolCallStore;
  readonly name: string;
  readonly args: unknown;
  /**
   * The tool-call id (from the model), which keys the call in the store and reaches the pipeline as `toolCallId`; a
   * fresh one when the person runs the action. The result's `callId` is the pipeline's own.
   */
  readonly callId?: string;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  readonly signal?: AbortSignal;
}

/**
 * Run an action through the registry's pipeline (arguments validated before the handler runs) and record the
 * call in the store; a failure is data: `result.modelOutput` carries the fix-it error for the model.
 */
export async function executeAction(options: ExecuteActionOptions): Promise<RunResult> {
  const { registry, store, name, args } = options;
  const callId = options.callId ?? crypto.randomUUID();
  if (!store.get(callId)) store.begin({ id: callId, name, args });
  const result = await registry.run({
    name,
    args,
    toolCallId: callId,
    ...(options.user ? { user: options.user } : {}),
    ...(options.context ? { context: options.context } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  store.settle(callId, result);
  return result;
}
