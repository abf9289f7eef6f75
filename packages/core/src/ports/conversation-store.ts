import { AffordanceError } from '../errors/affordance-error.js';
import { MAX_CALL_ID_LENGTH, textProblem } from '../util/check-text.js';

/** A tool call the assistant asked for; `id` reaches `registry.run` as its `toolCallId`. */
export interface ToolCallRecord {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
}

/** The result given back to the model for one tool call (`output` is `RunResult.modelOutput`). */
export interface ToolResultRecord {
  readonly toolCallId: string;
  readonly name: string;
  readonly ok: boolean;
  readonly output: string;
}

// Tool calls and results are stored exactly as the agent loop records them (`ToolCallRecord`, `ToolResultRecord`).

/**
 * What a model provider keeps on an assistant message for its own later turns (the OpenAI Responses API's reasoning
 * items …), under the provider's key: JSON, stored as it is, and ignored by every other provider.
 */
export type ProviderData = { readonly [provider: string]: unknown };

/** Who wrote a message. */
export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

/** Why a conversation store refused: a malformed input, an unknown session, or a taken id. */
export type ConversationStoreErrorKind = 'invalid_input' | 'not_found' | 'exists';

/** The error every conversation store throws for a refused input (`code` says which rule was broken). */
export class ConversationStoreError extends AffordanceError<ConversationStoreErrorKind> {
  static override readonly errorName = 'ConversationStoreError';
  constructor(code: ConversationStoreErrorKind, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** One stored message; `position` counts from 1 within its session. */
export interface ChatMessage {
  readonly id: string;
  readonly sessionId: string;
  readonly position: number;
  readonly role: ChatRole;
  readonly content: string;
  readonly toolCalls?: readonly ToolCallRecord[];
  readonly toolResults?: readonly ToolResultRecord[];
  /** An assistant message's provider data (`ProviderData`), when its model left some. */
  readonly providerData?: ProviderData;
  readonly createdAt: string;
}

/** A message to append; the store gives it an id (unless given), a position and a time. */
export interface NewChatMessage {
  readonly id?: string;
  readonly role: ChatRole;
  readonly content: string;
  readonly toolCalls?: readonly ToolCallRecord[];
  readonly toolResults?: readonly ToolResultRecord[];
  /** Only on an assistant message: a JSON object (`ProviderData`). */
  readonly providerData?: ProviderData;
}

/** One conversation. */
export interface ConversationSession {
  readonly id: string;
  readonly userId?: string;
  readonly title?: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly messageCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What a new session may say about itself. */
export interface NewConversationSession {
  readonly id?: string;
  readonly userId?: string;
  readonly title?: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** A page of sessions, newest first. */
export interface SessionPage {
  readonly sessions: ConversationSession[];
  readonly nextCursor?: string;
}

/**
 * Port: chat sessions and their messages (tool calls and tool results included), kept in order. Appends to one
 * session are numbered 1, 2, 3 … without gaps, whichever process makes them.
 */
export interface ConversationStore {
  /** Start a session; throws an error of code `exists` when the id is taken. */
  createSession(session?: NewConversationSession): Promise<ConversationSession>;
  getSession(id: string): Promise<ConversationSession | undefined>;
  /** Sessions newest first, optionally one user's, paginated by cursor. */
  listSessions(query?: {
    readonly userId?: string;
    readonly limit?: number;
    readonly cursor?: string;
  }): Promise<SessionPage>;
  /** Append a message at the end of a session; throws an error of code `not_found` for an unknown session. */
  appendMessage(sessionId: string, message: NewChatMessage): Promise<ChatMessage>;
  /** A session's messages in order, those after `after` (a position) only, at most `limit` (default all). */
  listMessages(
    sessionId: string,
    query?: { readonly after?: number; readonly limit?: number },
  ): Promise<ChatMessage[]>;
  /**
   * The messages of one session that have one of `ids`, or hold a tool call or a tool result of one of
   * `toolCallIds`, in order (other sessions' messages never). Answers in rows what it was asked for, whatever
   * the session's length. Optional: a store without it is read whole where this would be asked.
   */
  findMessages?(
    sessionId: string,
    query: { readonly ids: readonly string[]; readonly toolCallIds: readonly string[] },
  ): Promise<ChatMessage[]>;
}

const ROLES: readonly ChatRole[] = ['system', 'user', 'assistant', 'tool'];

/** Throw `ConversationStoreError('invalid_input')` unless `message` is a well-formed new message. */
export function checkChatMessage(message: NewChatMessage): NewChatMessage {
  if (typeof message !== 'object' || message === null)
    throw new ConversationStoreError('invalid_input', 'a message must be an object');
  if (!ROLES.includes(message.role)) {
    throw new ConversationStoreError(
      'invalid_input',
      `message role must be one of ${ROLES.join(', ')}, not ${JSON.stringify(message.role)}`,
    );
  }
  if (typeof message.content !== 'string')
    throw new ConversationStoreError('invalid_input', 'message content must be a string (use "" for none)');
  if (message.id !== undefined && (typeof message.id !== 'string' || message.id === '')) {
    throw new ConversationStoreError('invalid_input', 'a message id must be a non-empty string');
  }
  // A server may make message ids of two ids (`<thread>:<message>`), so they get room for both.
  if (message.id !== undefined) checkId('message id', message.id, 2 * MAX_CALL_ID_LENGTH + 1);
  for (const call of message.toolCalls ?? []) {
    if (typeof call?.id !== 'string' || typeof call.name !== 'string') {
      throw new ConversationStoreError('invalid_input', 'every tool call needs a string id and name');
    }
  }
  for (const result of message.toolResults ?? []) {
    if (
      typeof result?.toolCallId !== 'string' ||
      typeof result.name !== 'string' ||
      typeof result.ok !== 'boolean'
    ) {
      throw new ConversationStoreError(
        'invalid_input',
        'every tool result needs a string toolCallId and name, and a boolean ok',
      );
    }
  }
  if (message.providerData !== undefined) checkProviderData(message);
  return message;
}

function checkProviderData(message: NewChatMessage): void {
  const data = message.providerData;
  if (message.role !== 'assistant') {
    throw new ConversationStoreError('invalid_input', 'only an assistant message may carry providerData');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ConversationStoreError('invalid_input', 'providerData must be a JSON object keyed by provider');
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch (error) {
    throw new ConversationStoreError('invalid_input', 'providerData must be JSON (no cycles, no bigint)', {
      cause: error,
    });
  }
  if (text !== undefined && text.length > MAX_PROVIDER_DATA_LENGTH) {
    throw new ConversationStoreError(
      'invalid_input',
      `providerData is ${text.length} characters of JSON; at most ${MAX_PROVIDER_DATA_LENGTH} are stored`,
    );
  }
}

/** The most JSON text a message's `providerData` may take (16 MiB of characters). */
const MAX_PROVIDER_DATA_LENGTH = 16 * 1024 * 1024;

/** Throw `ConversationStoreError('invalid_input')` unless `session` is a well-formed new session. */
export function checkConversationSession(session: NewConversationSession): NewConversationSession {
  if (typeof session !== 'object' || session === null)
    throw new ConversationStoreError('invalid_input', 'a session must be an object');
  for (const field of ['id', 'userId', 'title'] as const) {
    const value = session[field];
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new ConversationStoreError('invalid_input', `session ${field} must be a non-empty string`);
    }
    if (value !== undefined && field !== 'title') checkId(`session ${field}`, value, MAX_CALL_ID_LENGTH);
  }
  if (
    session.metadata !== undefined &&
    (typeof session.metadata !== 'object' || session.metadata === null || Array.isArray(session.metadata))
  ) {
    throw new ConversationStoreError('invalid_input', 'session metadata must be a plain object');
  }
  return session;
}

// Ids are keys: one no store can hold as it is (a NUL, a lone surrogate, a control character) is refused, not altered.
function checkId(what: string, id: string, maxLength: number): void {
  const problem = textProblem(id, maxLength);
  if (problem) throw new ConversationStoreError('invalid_input', `${what} ${problem}`);
}

/** Clamp a page size the same way in every store. */
export function conversationPageSize(limit: number | undefined, fallback: number): number {
  return Math.min(Math.max(Math.trunc(limit ?? fallback), 1), 1000);
}
