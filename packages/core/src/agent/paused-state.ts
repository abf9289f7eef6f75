import { AffordanceError } from '../errors/affordance-error.js';
import type { AttemptRecord, InputAsk } from './agent-events.js';
import type { AgentInterrupt } from './interrupts.js';
import type { AgentMessage, ModelToolCall } from './model-types.js';

/** What every call of a paused step keeps: the model's call and the output the model is given for it. */
interface PausedCallFields {
  readonly callId: string;
  readonly name: string;
  readonly args: unknown;
  readonly output: string;
}

/** One call of the step a run paused in: run already (its output is kept), or waiting on an approval or an answer. */
export type PausedCall =
  | (PausedCallFields & { readonly status: 'ok' | 'failed' | 'aborted' })
  | (PausedCallFields & { readonly status: 'pending'; readonly approvalId: string })
  | (PausedCallFields & {
      readonly status: 'pending';
      /** The input interrupt's id, and what the call asked (with the answers it had). */
      readonly inputId: string;
      readonly input: InputAsk;
      /** The approval the call ran under when it asked (`CallRecord.approvedIn`). */
      readonly approvedIn?: string;
    });

/** A paused call waiting on an approval. */
export type ApprovalCall = Extract<PausedCall, { approvalId: string }>;
/** A paused call waiting on a person's answer. */
export type InputCall = Extract<PausedCall, { inputId: string }>;

/** The serialisable state a paused run resumes from (stored as `StoredAgentRun.state`). */
export interface PausedRunState {
  readonly version: 1;
  readonly protocol: 'native' | 'text';
  /** The step that paused. */
  readonly step: number;
  readonly text: string;
  readonly attempts: readonly AttemptRecord[];
  /** The conversation up to and including the paused step's assistant message. */
  readonly messages: readonly AgentMessage[];
  /** The paused step's calls in the model's order. */
  readonly calls: readonly PausedCall[];
  /** A `done` call made in the same step (answered "not done yet" on resume). */
  readonly doneCall?: ModelToolCall;
  /** Client tool calls of the same step (answered as not run on resume). */
  readonly clientCalls?: readonly ModelToolCall[];
  readonly interrupts: readonly AgentInterrupt[];
}

/** Read a stored state back, refusing one this version does not know. */
export function readPausedState(state: Readonly<Record<string, unknown>>): PausedRunState {
  if (state.version !== 1 || !Array.isArray(state.calls) || !Array.isArray(state.messages)) {
    throw new AffordanceError(
      'invalid_option',
      'the stored agent run state is not one this version can resume',
    );
  }
  return state as unknown as PausedRunState;
}
