import type { Logger } from '../action/types.js';
import type { TextSpan } from '../text/types.js';

/** The record types of the seed's action system; any other non-empty name is a custom type. */
export const ACTION_TYPES = ['decision', 'action-item', 'note', 'question', 'summary'] as const;

/** A built-in record type, or a custom one. */
export type ActionType = (typeof ACTION_TYPES)[number] | (string & {});

/** A typed record a model wrote in an ```` ```agent-action ```` block: `{ "type", "content", ...metadata }`. */
export interface DetectedAction {
  readonly type: ActionType;
  readonly content: string;
  /** Every other field of the block (`rationale`, `title`, `labels`, …). */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** False when the type is not among the detector's configured `types`: reported, never executed. */
  readonly configured?: boolean;
  /** True when the block was near-JSON that had to be repaired. */
  readonly repaired?: boolean;
  /** Where the block is in the text. */
  readonly span?: TextSpan;
}

/** Why a detected action did not run, or why its handler failed. */
export type ExecutionErrorCode =
  /** The action's type is not in the configured `types`. */
  | 'unconfigured_type'
  /** No handler is routed to the action's type. */
  | 'no_handler'
  /** The type routes to a handler name that is not registered (or a built-in that was not set up). */
  | 'unknown_handler'
  /** The handler threw (or its promise rejected). */
  | 'handler_error'
  /** The signal was aborted before the action ran. */
  | 'aborted';

/**
 * The outcome of one detected action (the seed's `ActionResult`; named `DetectedActionResult` so it is never
 * confused with a registry call's `RunResult`).
 */
export interface DetectedActionResult {
  readonly action: DetectedAction;
  readonly success: boolean;
  /** What the handler returned. */
  readonly result?: unknown;
  /** Why it failed, in words. */
  readonly error?: string;
  readonly code?: ExecutionErrorCode;
  /** The handler name the type was routed to (`builtin:log`), when there was one. */
  readonly handler?: string;
}

/** What a handler gets besides the action. */
export interface HandlerContext {
  readonly signal: AbortSignal;
  readonly logger: Logger;
  /** The name the handler was routed by (`builtin:log`, `custom:slack`, or `<type>` for an inline function). */
  readonly handler: string;
}

/** Runs one detected action: returns a result, or throws to fail it (the executor turns the throw into data). */
export type DetectedActionHandler = (action: DetectedAction, context: HandlerContext) => unknown;

/** The names of the built-in handlers. */
export type BuiltinHandlerName =
  | 'builtin:log'
  | 'builtin:file'
  | 'builtin:github-issue'
  | 'builtin:github-comment';

/** Every built-in handler name. */
export const BUILTIN_HANDLERS: readonly BuiltinHandlerName[] = [
  'builtin:log',
  'builtin:file',
  'builtin:github-issue',
  'builtin:github-comment',
];

/** The file system port of `builtin:file`: appends text to files inside one folder and refuses any other path. */
export interface FileAppender {
  /** Append `text` to the file at `relativePath` (created with its folders if missing); rejects escaping paths. */
  append(relativePath: string, text: string, options?: { readonly signal?: AbortSignal }): Promise<void>;
}
