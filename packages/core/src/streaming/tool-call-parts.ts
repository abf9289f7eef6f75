import type { RunResult } from '../action/types.js';
import type { ActionError } from '../errors/action-error.js';
import type { ErrorCode } from '../errors/error-codes.js';
import type { JsonValue } from './partial-json-parser.js';
import type { StreamFormat } from './wire/wire-event.js';

/** Where a tool call stands: arguments streaming, running (or awaiting its result), done, or failed. */
export type ToolCallStatus = 'pending' | 'executing' | 'complete' | 'failed';

/** Problems with the stream itself, beside the run errors of `ErrorCode`. */
export type ToolStreamErrorCode =
  /** The stream (or the call) ended while the arguments were still incomplete. */
  | 'incomplete_input'
  /** An event refers to a call this stream never started. */
  | 'unknown_call'
  /** A second start for a call id already started. */
  | 'duplicate_call'
  /** An event for a call arrived after the call's input had ended. */
  | 'out_of_order'
  /** An event about a call that could not be used (e.g. a malformed JSON path). */
  | 'invalid_event';

/** A failed call's error: a run error (`ActionError`) or a stream error, with a message saying what to do. */
export type ToolCallError = Omit<ActionError, 'code'> & { readonly code: ErrorCode | ToolStreamErrorCode };

/**
 * What the assembler emits, in the same shape for every provider. Per call: `tool-input-start`, any number
 * of `tool-input-delta`, `tool-input-end`, then `tool-call` (valid arguments) or `tool-error`, then — when
 * the call is run or the stream carries its result — `tool-result` or `tool-error`.
 */
export type ToolCallPart =
  | {
      readonly type: 'tool-input-start';
      readonly id: string;
      readonly name: string;
      readonly providerExecuted?: boolean;
    }
  | {
      readonly type: 'tool-input-delta';
      readonly id: string;
      /** The argument text this delta added ('' for formats that send values, not text). */
      readonly delta: string;
      /** The arguments so far, as a snapshot that later deltas never mutate. */
      readonly partial: JsonValue | undefined;
    }
  | { readonly type: 'tool-input-end'; readonly id: string }
  | {
      readonly type: 'tool-call';
      readonly id: string;
      readonly name: string;
      readonly input: JsonValue;
      readonly providerExecuted?: boolean;
    }
  | {
      readonly type: 'tool-result';
      readonly id: string;
      readonly name: string | undefined;
      readonly output: unknown;
      /** The registry's full result when the assembler ran the call. */
      readonly result?: RunResult;
      readonly providerExecuted?: boolean;
    }
  | {
      readonly type: 'tool-error';
      readonly id: string;
      readonly name: string | undefined;
      readonly error: ToolCallError;
      readonly input?: JsonValue;
      readonly result?: RunResult;
    }
  /** Assistant text between calls; only emitted with `textDeltas: true`. */
  | { readonly type: 'text-delta'; readonly delta: string };

/** A snapshot of one call; a new object whenever the call changes. */
export interface ToolCallState {
  readonly id: string;
  readonly name: string;
  readonly status: ToolCallStatus;
  readonly format: StreamFormat;
  /** Run by the provider (web search, code execution, MCP): never validated or run here. */
  readonly providerExecuted: boolean;
  /** The argument text received so far ('' for formats that send values). */
  readonly inputText: string;
  /** The arguments so far (the parser's snapshot). */
  readonly partialInput: JsonValue | undefined;
  /** The complete arguments, once the input has ended and parsed. */
  readonly input?: JsonValue;
  readonly output?: unknown;
  readonly result?: RunResult;
  readonly error?: ToolCallError;
  /** Milliseconds since the epoch (from the `now` option). */
  readonly startedAt: number;
  readonly inputEndedAt?: number;
  readonly finishedAt?: number;
}
