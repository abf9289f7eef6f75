import type { Progress, RunResult } from '@affordance/core';
import type { ToolCallError, ToolCallStatus } from '../core-streaming.js';

/** One tool call as the UI sees it: a new object whenever the call changes. */
export interface ToolCallEntry {
  readonly id: string;
  readonly name: string;
  readonly status: ToolCallStatus;
  /** The arguments: the partial snapshot while `pending`, the complete object afterwards. */
  readonly args: unknown;
  /** The argument text received so far (streamed calls only). */
  readonly argsText: string;
  /** The value the call produced (`complete` only). */
  readonly result?: unknown;
  /** The registry's full result when the call ran here. */
  readonly runResult?: RunResult;
  readonly error?: ToolCallError;
  /** The text that goes back to the model for this call, once it is known. */
  readonly modelOutput?: string;
  /** The last progress the running call reported (`ctx.progress`; over AG-UI, its `tool-progress` activity). */
  readonly progress?: Progress;
  /** Run by the agent or provider, not in this browser. */
  readonly providerExecuted: boolean;
  /** Waiting for the person to answer through `respond(value)`. */
  readonly awaitingResponse: boolean;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  readonly updatedAt: number;
  readonly finishedAt?: number;
}

/** Whether a call has finished, one way or the other. */
export function isSettled(entry: Pick<ToolCallEntry, 'status'>): boolean {
  return entry.status === 'complete' || entry.status === 'failed';
}
