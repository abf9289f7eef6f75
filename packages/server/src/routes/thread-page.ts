import type { ChatMessage, ConversationSession, ConversationStore } from '@affordance/core/ports';
import { optionalInteger } from '../read-json-body.js';
import { ServerError } from '../server-error.js';

/** The most messages one read of a session answers (`/messages` and `/thread` alike). */
export const MESSAGE_PAGE_LIMIT = 1000;

/** One page of a thread read from its end: the messages in order, and the cursor of the page before when there is one. */
export interface ThreadPage {
  readonly messages: readonly ChatMessage[];
  readonly nextCursor?: string;
}

/**
 * Read the latest `limit` stored messages of `session` before the position `cursor` (default: its end). Positions
 * run 1, 2, 3 … without gaps, so the page is the range before the cursor. A page that starts inside a run of
 * tool results leaves them to the page before, so it never opens with a result whose call it does not hold.
 */
export async function readThreadPage(
  conversations: ConversationStore,
  session: ConversationSession,
  query: { readonly limit?: string | undefined; readonly cursor?: string | undefined },
): Promise<ThreadPage> {
  const limit = optionalInteger(query.limit, 'limit', MESSAGE_PAGE_LIMIT) ?? MESSAGE_PAGE_LIMIT;
  const before = cursorOf(query.cursor, session.messageCount);
  const after = Math.max(0, before - 1 - limit);
  if (before - 1 <= after) return { messages: [] };
  const stored = await conversations.listMessages(session.id, { after, limit: before - 1 - after });
  let start = 0;
  if (after > 0) {
    while (start < stored.length && stored[start]?.role === 'tool') start++;
    if (start === stored.length) start = 0;
  }
  const messages = stored.slice(start);
  const first = messages[0]?.position;
  return { messages, ...(first !== undefined && first > 1 ? { nextCursor: String(first) } : {}) };
}

/** The position a page ends before: the `nextCursor` of the page after it, or the session's end. */
function cursorOf(cursor: string | undefined, messageCount: number): number {
  if (cursor === undefined || cursor === '') return messageCount + 1;
  if (!/^\d{1,15}$/.test(cursor) || Number(cursor) < 2 || Number(cursor) > messageCount + 1) {
    throw new ServerError(
      'invalid_request',
      `\`cursor\` must be the \`nextCursor\` of a page of this thread, not '${cursor.slice(0, 40)}'`,
      'Leave it out to read the latest messages',
    );
  }
  return Number(cursor);
}
