import { AffordanceError } from '../errors/affordance-error.js';
import type { ConversationStore, NewChatMessage } from '../ports/conversation-store.js';
import type { StepRecord } from './agent-events.js';
import type { AgentMessage } from './model-types.js';
import type { SessionRecorder } from './session-recorder.js';

/** Options of `createConversationRecorder`; only `store` is required. */
export interface ConversationRecorderOptions {
  readonly store: ConversationStore;
  /** Owner of the sessions the recorder starts. */
  readonly userId?: string;
  /** Title of a session it starts (default: the start of the first user message). */
  readonly title?: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Record each run's input messages (default true); false when the caller stores the input itself. */
  readonly recordInput?: boolean;
  /** The id to store a step's message under (default: one the store generates). */
  readonly messageId?: (message: AgentMessage, step: StepRecord) => string | undefined;
}

const TITLE_LENGTH = 80;

/**
 * A `SessionRecorder` over a `ConversationStore`: a run's session is created on its start (unless it exists), then
 * the input messages and each step's messages are appended in order, so any process reading the store sees the
 * conversation. Completion attempts and the result are not messages and are not stored.
 */
export function createConversationRecorder(options: ConversationRecorderOptions): SessionRecorder {
  const { store } = options;
  const append = async (sessionId: string, messages: readonly NewChatMessage[]) => {
    for (const message of messages) await store.appendMessage(sessionId, message);
  };
  return {
    async recordStart(sessionId, record) {
      await ensureSession(store, sessionId, {
        ...(options.userId ? { userId: options.userId } : {}),
        ...(options.metadata ? { metadata: { ...options.metadata } } : {}),
        title: options.title ?? titleOf(record.messages),
      });
      if (options.recordInput !== false) await append(sessionId, record.messages);
    },
    async recordStep(sessionId, record) {
      await append(
        sessionId,
        record.messages.map((message) => {
          const id = options.messageId?.(message, record);
          return id ? { ...message, id } : message;
        }),
      );
    },
    async recordAttempt() {},
    async recordFinish() {},
  };
}

/**
 * Make sure a session exists: create it with `details` when missing (a concurrent creation by another process is
 * fine). Answers the session.
 */
export async function ensureSession(
  store: ConversationStore,
  sessionId: string,
  details: { readonly userId?: string; readonly title?: string; readonly metadata?: Record<string, unknown> },
) {
  const found = await store.getSession(sessionId);
  if (found) return found;
  try {
    return await store.createSession({ id: sessionId, ...clean(details) });
  } catch (error) {
    const again =
      AffordanceError.isInstance(error) && error.code === 'exists'
        ? await store.getSession(sessionId)
        : undefined;
    if (again) return again;
    throw error;
  }
}

function clean(details: {
  readonly userId?: string;
  readonly title?: string;
  readonly metadata?: Record<string, unknown>;
}) {
  return {
    ...(details.userId ? { userId: details.userId } : {}),
    ...(details.title ? { title: details.title } : {}),
    ...(details.metadata ? { metadata: details.metadata } : {}),
  };
}

/** The start of the first user message, as a session title. */
export function titleOf(messages: readonly AgentMessage[]): string | undefined {
  const first = messages.find((message) => message.role === 'user')?.content.trim();
  if (!first) return undefined;
  const line = first.split('\n')[0] ?? first;
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}
