import {
  type ChatMessage,
  type ConversationSession,
  type ConversationStore,
  type ProviderData,
  conversationPageSize as pageSize,
  storableText,
  type ToolCallRecord,
  type ToolResultRecord,
} from '@affordance/core/ports';
import { checkMessage, checkSession } from './conversation-store.js';
import { isoOf, toJsonText } from './json-text.js';
import type { SqlDatabase } from './sql-client.js';
import { StoreError } from './store-error.js';

interface SessionRow {
  id: string;
  seq: string;
  user_id: string | null;
  title: string | null;
  metadata: Record<string, unknown>;
  message_count: number;
  created_at: unknown;
  updated_at: unknown;
}

interface MessageRow {
  id: string;
  session_id: string;
  position: number;
  role: ChatMessage['role'];
  content: string;
  tool_calls: ToolCallRecord[] | null;
  tool_results: ToolResultRecord[] | null;
  provider_data: ProviderData | null;
  created_at: unknown;
}

const SESSION_COLUMNS =
  'id, seq::text AS seq, user_id, title, metadata, message_count, created_at, updated_at';
const MESSAGE_COLUMNS =
  'id, session_id, position, role, content, tool_calls, tool_results, provider_data, created_at';

/**
 * The ids of the tool calls and tool results a message holds, as a jsonb array of strings: the expression the GIN
 * index `chat_messages_call_ids` (migration 8) is built on, so it must stay the same to the letter.
 */
export const CALL_IDS = `(jsonb_path_query_array(coalesce(tool_calls, '[]'::jsonb), '$[*].id')
  || jsonb_path_query_array(coalesce(tool_results, '[]'::jsonb), '$[*].toolCallId'))`;

/**
 * Conversations in `conversation_sessions` and `chat_messages`. An append bumps the session's message count under
 * its row lock and inserts at that position in the same transaction, so positions never collide or leave gaps.
 */
export function createPostgresConversationStore(db: SqlDatabase): ConversationStore {
  return {
    async createSession(input = {}) {
      const { id = newId('ses'), userId, title, metadata = {} } = checkSession(input);
      const { rows } = await db.query<SessionRow>(
        `INSERT INTO conversation_sessions (id, user_id, title, metadata) VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT (id) DO NOTHING RETURNING ${SESSION_COLUMNS}`,
        [id, userId ?? null, title === undefined ? null : storableText(title), toJsonText(metadata)],
      );
      if (!rows[0])
        throw new StoreError('exists', `a conversation session with the id '${id}' already exists`);
      return sessionOf(rows[0]);
    },
    async getSession(id) {
      const { rows } = await db.query<SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM conversation_sessions WHERE id = $1`,
        [id],
      );
      return rows[0] ? sessionOf(rows[0]) : undefined;
    },
    async listSessions(query = {}) {
      const limit = pageSize(query.limit, 50);
      const params: unknown[] = [];
      const conditions: string[] = [];
      if (query.userId) conditions.push(`user_id = $${params.push(query.userId)}`);
      if (query.cursor) {
        if (!/^\d{1,19}$/.test(query.cursor))
          throw new StoreError(
            'invalid_input',
            `session cursor ${JSON.stringify(query.cursor)} is not one this store returned`,
          );
        conditions.push(`conversation_sessions.seq < $${params.push(query.cursor)}::bigint`);
      }
      const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
      const { rows } = await db.query<SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM conversation_sessions${where} ORDER BY conversation_sessions.seq DESC LIMIT $${params.push(limit + 1)}`,
        params,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return rows.length > limit && last
        ? { sessions: page.map(sessionOf), nextCursor: last.seq }
        : { sessions: page.map(sessionOf) };
    },
    async appendMessage(sessionId, input) {
      const message = checkMessage(input);
      const id = message.id ?? newId('msg');
      try {
        return await db.transaction(async (tx) => {
          const bumped = await tx.query<{ message_count: number }>(
            'UPDATE conversation_sessions SET message_count = message_count + 1, updated_at = now() WHERE id = $1 RETURNING message_count',
            [sessionId],
          );
          const position = bumped.rows[0]?.message_count;
          if (position === undefined)
            throw new StoreError('not_found', `there is no conversation session '${sessionId}'`);
          const { rows } = await tx.query<MessageRow>(
            `INSERT INTO chat_messages (id, session_id, position, role, content, tool_calls, tool_results, provider_data)
             VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb) RETURNING ${MESSAGE_COLUMNS}`,
            [
              id,
              sessionId,
              position,
              message.role,
              // Text a person or model wrote is kept; the characters Postgres cannot store become U+FFFD.
              storableText(message.content),
              toJsonText(message.toolCalls),
              toJsonText(message.toolResults),
              toJsonText(message.providerData),
            ],
          );
          return messageOf(rows[0]!);
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') {
          throw new StoreError('exists', `a message with the id '${id}' already exists`, { cause: error });
        }
        throw error;
      }
    },
    async listMessages(sessionId, query = {}) {
      const params: unknown[] = [sessionId, query.after ?? 0];
      const limit = query.limit === undefined ? '' : ` LIMIT $${params.push(pageSize(query.limit, 1000))}`;
      const { rows } = await db.query<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE session_id = $1 AND position > $2 ORDER BY position${limit}`,
        params,
      );
      return rows.map(messageOf);
    },
    async findMessages(sessionId, query) {
      if (query.ids.length === 0 && query.toolCallIds.length === 0) return [];
      // Ids by the primary key, call ids by the GIN index on them (`?|`: any of the strings is an element). Only the
      // matches travel back.
      const { rows } = await db.query<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE session_id = $1
           AND (id = ANY($2::text[]) OR ${CALL_IDS} ?| $3::text[])
         ORDER BY position`,
        [sessionId, [...query.ids], [...query.toolCallIds]],
      );
      return rows.map(messageOf);
    },
  };
}

function sessionOf(row: SessionRow): ConversationSession {
  return {
    id: row.id,
    ...(row.user_id !== null ? { userId: row.user_id } : {}),
    ...(row.title !== null ? { title: row.title } : {}),
    metadata: row.metadata,
    messageCount: Number(row.message_count),
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
  };
}

function messageOf(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    sessionId: row.session_id,
    position: Number(row.position),
    role: row.role,
    content: row.content,
    ...(row.tool_calls !== null ? { toolCalls: row.tool_calls } : {}),
    ...(row.tool_results !== null ? { toolResults: row.tool_results } : {}),
    ...(row.provider_data !== null && row.provider_data !== undefined
      ? { providerData: row.provider_data }
      : {}),
    createdAt: isoOf(row.created_at),
  };
}

/** A random id with a readable prefix, unique across every process writing to the database. */
function newId(prefix: string): string {
  return `${prefix}_${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
}
