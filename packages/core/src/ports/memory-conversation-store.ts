import { newId } from '../util/new-id.js';
import {
  type ChatMessage,
  type ConversationSession,
  type ConversationStore,
  ConversationStoreError,
  checkChatMessage,
  checkConversationSession,
  conversationPageSize,
} from './conversation-store.js';

/** A conversation store held in memory: one process only; the reference the SQL stores are tested against. */
export function createMemoryConversationStore(): ConversationStore {
  const sessions = new Map<string, ConversationSession>();
  const order: string[] = [];
  const messages = new Map<string, ChatMessage[]>();
  const messageIds = new Set<string>();
  return {
    async createSession(input = {}) {
      const { id = newId('ses'), userId, title, metadata = {} } = checkConversationSession(input);
      if (sessions.has(id)) {
        throw new ConversationStoreError(
          'exists',
          `a conversation session with the id '${id}' already exists`,
        );
      }
      const now = new Date().toISOString();
      const session: ConversationSession = {
        id,
        ...(userId ? { userId } : {}),
        ...(title ? { title } : {}),
        metadata: structuredClone(metadata),
        messageCount: 0,
        createdAt: now,
        updatedAt: now,
      };
      sessions.set(id, session);
      order.push(id);
      messages.set(id, []);
      return session;
    },
    async getSession(id) {
      return sessions.get(id);
    },
    async listSessions(query = {}) {
      const limit = conversationPageSize(query.limit, 50);
      if (query.cursor !== undefined && !/^\d{1,15}$/.test(query.cursor)) {
        throw new ConversationStoreError(
          'invalid_input',
          `session cursor ${JSON.stringify(query.cursor)} is not one this store returned`,
        );
      }
      let index = query.cursor ? Number.parseInt(query.cursor, 10) - 1 : order.length - 1;
      const page: ConversationSession[] = [];
      for (; index >= 0 && page.length < limit; index--) {
        const session = sessions.get(order[index]!)!;
        if (!query.userId || session.userId === query.userId) page.push(session);
      }
      const more = order
        .slice(0, Math.max(index + 1, 0))
        .some((id) => !query.userId || sessions.get(id)!.userId === query.userId);
      return more ? { sessions: page, nextCursor: String(index + 1) } : { sessions: page };
    },
    async appendMessage(sessionId, input) {
      const message = checkChatMessage(input);
      const session = sessions.get(sessionId);
      const list = messages.get(sessionId);
      if (!session || !list) {
        throw new ConversationStoreError('not_found', `there is no conversation session '${sessionId}'`);
      }
      const id = message.id ?? newId('msg');
      if (messageIds.has(id)) {
        throw new ConversationStoreError('exists', `a message with the id '${id}' already exists`);
      }
      const stored: ChatMessage = {
        id,
        sessionId,
        position: list.length + 1,
        role: message.role,
        content: message.content,
        ...(message.toolCalls ? { toolCalls: structuredClone(message.toolCalls) } : {}),
        ...(message.toolResults ? { toolResults: structuredClone(message.toolResults) } : {}),
        ...(message.providerData ? { providerData: structuredClone(message.providerData) } : {}),
        createdAt: new Date().toISOString(),
      };
      list.push(stored);
      messageIds.add(id);
      sessions.set(sessionId, { ...session, messageCount: list.length, updatedAt: stored.createdAt });
      return stored;
    },
    async listMessages(sessionId, query = {}) {
      const after = query.after ?? 0;
      const found = (messages.get(sessionId) ?? []).filter((message) => message.position > after);
      return query.limit === undefined ? found : found.slice(0, conversationPageSize(query.limit, 1000));
    },
    async findMessages(sessionId, query) {
      const ids = new Set(query.ids);
      const calls = new Set(query.toolCallIds);
      return (messages.get(sessionId) ?? []).filter(
        (message) =>
          ids.has(message.id) ||
          (message.toolCalls ?? []).some((call) => calls.has(call.id)) ||
          (message.toolResults ?? []).some((result) => calls.has(result.toolCallId)),
      );
    },
  };
}
