import type { User } from '@affordance/core';

/** What a LangChain run carries for Affordance in `configurable`: who calls, the app context and the session. */
export interface AffordanceConfigurable {
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  /** The session whose history answers `requires` (default: LangGraph's `thread_id`). */
  readonly sessionId?: string;
}

/** The caller of one tool call as the RunnableConfig gives it. */
export interface ConfigCall {
  readonly user: User | undefined;
  readonly context: Record<string, unknown> | undefined;
  readonly sessionId: string | undefined;
  readonly toolCallId: string | undefined;
  readonly signal: AbortSignal | undefined;
}

interface ConfigLike {
  readonly configurable?: Record<string, unknown>;
  readonly toolCall?: { readonly id?: string };
  readonly signal?: AbortSignal;
}

/** Read `configurable.user`, `.context` and `.sessionId` (else `thread_id`), the tool call's id and the signal. */
export function callOfConfig(config: unknown): ConfigCall {
  const given = (config ?? {}) as ConfigLike;
  const configurable = given.configurable ?? {};
  const user = configurable.user as User | undefined;
  const context = configurable.context as Record<string, unknown> | undefined;
  const session = configurable.sessionId ?? configurable.thread_id;
  return {
    user,
    context,
    sessionId: typeof session === 'string' || typeof session === 'number' ? String(session) : undefined,
    toolCallId: typeof given.toolCall?.id === 'string' ? given.toolCall.id : undefined,
    signal: given.signal,
  };
}
