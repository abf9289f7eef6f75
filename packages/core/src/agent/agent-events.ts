import type { Progress, RunResult } from '../action/types.js';
import type { AgentInterrupt } from './interrupts.js';
import type { AgentMessage, ModelResponse, ModelToolCall } from './model-types.js';

/**
 * How a tool call ended: run ok, run failed (the failure went back to the model), cut off by an abort, or
 * `pending`: it waits for a person's approval or answer, and the run pauses.
 */
export type CallStatus = 'ok' | 'failed' | 'aborted' | 'pending';

/** One call of a step as recorded: what the model asked for and how it ended. */
export interface CallRecord {
  /** The model's tool-call id (passed to `registry.run` as `toolCallId`; the pipeline's own id is `result.callId`). */
  readonly callId: string;
  /** The name as the model sent it (a provider-legal name or the qualified one). */
  readonly name: string;
  readonly args: unknown;
  readonly status: CallStatus;
  /** Text given back to the model. */
  readonly output: string;
  readonly result?: RunResult;
  /** With `pending`: the approval it waits on. */
  readonly approvalId?: string;
  /** With `pending`: what the call asked a person (`ctx.ask`), and the answers it was given before. */
  readonly input?: InputAsk;
  /** With `input`: the approval the call ran under when it asked; its rerun with the answer runs under it too. */
  readonly approvedIn?: string;
}

/** A question a call asked (`ctx.ask`) and now waits on; `answers` are the ones it had when it asked. */
export interface InputAsk {
  readonly key: string;
  readonly message: string;
  readonly responseSchema: Record<string, unknown>;
  readonly answers?: Readonly<Record<string, unknown>>;
}

/**
 * One step: a model turn and the calls it asked for; recorded once, whole, when the step ends or is aborted. A step
 * that paused on an approval is recorded `interrupted` (its assistant turn), and its resume records the rest of it
 * (the tool results) as a `resumed` step of the same number.
 */
export interface StepRecord {
  readonly runId: string;
  readonly step: number;
  readonly status: 'complete' | 'aborted' | 'interrupted' | 'resumed';
  /** Names offered to the model in this step. */
  readonly offered: readonly string[];
  readonly response?: ModelResponse;
  readonly calls: readonly CallRecord[];
  /** Messages this step added to the conversation (the assistant turn, tool results, feedback). */
  readonly messages: readonly AgentMessage[];
}

/** The verdict of one completion condition. */
export interface ConditionResult {
  readonly name: string;
  readonly ok: boolean;
  readonly message: string;
}

/** One check of the completion conditions, after the model declared it was done. */
export interface AttemptRecord {
  readonly runId: string;
  readonly attempt: number;
  readonly step: number;
  readonly ok: boolean;
  readonly conditions: readonly ConditionResult[];
}

/**
 * How a run ended; `awaiting_client` hands client tool calls to the caller, who continues with their results;
 * `interrupted` waits for a person's decisions (`interrupts`), which `resumeAgent` continues from; `stopped`: a
 * `stopWhen` rule ended it (`stoppedBy`); `output_failed`: the final answer stayed invalid after the fix-it retries.
 */
export type AgentStatus =
  | 'done'
  | 'max_steps'
  | 'completion_failed'
  | 'aborted'
  | 'awaiting_client'
  | 'interrupted'
  | 'stopped'
  | 'output_failed';

/** What `runAgent` returns; `TOutput` is the type of the `output` schema's value. */
export interface AgentResult<TOutput = unknown> {
  readonly runId: string;
  readonly sessionId: string;
  readonly status: AgentStatus;
  readonly protocol: 'native' | 'text';
  /** The model's last text. */
  readonly text: string;
  readonly steps: number;
  readonly attempts: readonly AttemptRecord[];
  /** Names of the conditions that failed on the last attempt (empty when it passed or none ran). */
  readonly failedConditions: readonly string[];
  /** The whole conversation, input included. */
  readonly messages: readonly AgentMessage[];
  /** With `awaiting_client`: the client tool calls to run, under the client tools' own names. */
  readonly clientCalls?: readonly ModelToolCall[];
  /** With `interrupted`: what the run waits for; the run state is in the registry's store under `runId`. */
  readonly interrupts?: readonly AgentInterrupt[];
  /** With an `output` schema and `done`: the validated final answer. */
  readonly output?: TOutput;
  /** With `output_failed`: why the last final answer was refused. */
  readonly outputError?: string;
  /** With `stopped`: the name of the `stopWhen` rule that ended the run (`stepCountIs(3)`). */
  readonly stoppedBy?: string;
  /** For a resumed run: the run it continued. */
  readonly resumedFrom?: string;
}

/** What `runAgent` reports while it runs, in order. */
export type AgentEvent =
  | {
      readonly type: 'run-start';
      readonly runId: string;
      readonly sessionId: string;
      readonly protocol: 'native' | 'text';
    }
  | {
      readonly type: 'step-start';
      readonly runId: string;
      readonly step: number;
      readonly offered: readonly string[];
    }
  | { readonly type: 'text-delta'; readonly runId: string; readonly step: number; readonly delta: string }
  | {
      readonly type: 'call-start';
      readonly runId: string;
      readonly step: number;
      readonly call: ModelToolCall;
    }
  | { readonly type: 'call-finish'; readonly runId: string; readonly step: number; readonly call: CallRecord }
  | {
      /** A running call reported progress (`ctx.progress`, `logAgentProgress`); `callId` is the model's call id. */
      readonly type: 'call-progress';
      readonly runId: string;
      readonly step: number;
      readonly callId: string;
      readonly name: string;
      readonly progress: Progress;
    }
  | {
      readonly type: 'client-call';
      readonly runId: string;
      readonly step: number;
      readonly call: ModelToolCall;
    }
  | { readonly type: 'step-finish'; readonly runId: string; readonly step: StepRecord }
  | { readonly type: 'attempt-finish'; readonly runId: string; readonly attempt: AttemptRecord }
  | { readonly type: 'run-finish'; readonly runId: string; readonly result: AgentResult }
  /**
   * A resume could not renew its lease on the paused run (`pausedRunId`): the store failed. `failures` counts the
   * failures in a row; at the second the resume stops with `ResumeError('lease_lost')` before its next call.
   */
  | {
      readonly type: 'lease-error';
      readonly runId: string;
      readonly pausedRunId: string;
      readonly failures: number;
      readonly error: string;
    };
