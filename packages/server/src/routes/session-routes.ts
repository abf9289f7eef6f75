import { AffordanceError, type User } from '@affordance/core';
import type { ConversationSession, ConversationStore } from '@affordance/core/ports';
import type { Hono } from 'hono';
import { threadMessagesOf } from '../agui/thread-messages.js';
import { route } from '../openapi/define-route.js';
import { optionalInteger, optionalObject, optionalString, readJsonObject } from '../read-json-body.js';
import type { ServerEnv } from '../server-env.js';
import { ServerError } from '../server-error.js';
import { MESSAGE_PAGE_LIMIT, readThreadPage } from './thread-page.js';

const text = { type: 'string' } as const;
const toolCall = { type: 'object', required: ['id', 'name'], properties: { id: text, name: text, args: {} } };
const toolResult = {
  type: 'object',
  required: ['toolCallId', 'name', 'ok', 'output'],
  properties: { toolCallId: text, name: text, ok: { type: 'boolean' }, output: text },
};
const role = { type: 'string', enum: ['system', 'user', 'assistant', 'tool'] };
const SESSION = {
  type: 'object',
  required: ['id', 'metadata', 'messageCount', 'createdAt', 'updatedAt'],
  properties: {
    id: text,
    userId: text,
    title: text,
    metadata: { type: 'object', additionalProperties: true },
    messageCount: { type: 'integer' },
    createdAt: text,
    updatedAt: text,
  },
} as const;
const MESSAGE = {
  type: 'object',
  required: ['id', 'sessionId', 'position', 'role', 'content', 'createdAt'],
  properties: {
    id: text,
    sessionId: text,
    position: { type: 'integer' },
    role,
    content: text,
    toolCalls: { type: 'array', items: toolCall },
    toolResults: { type: 'array', items: toolResult },
    // What a model provider keeps on an assistant message for its later turns, by provider (OpenAI Responses:
    // reasoning items, their content encrypted by OpenAI); opaque to clients.
    providerData: { type: 'object', additionalProperties: true },
    createdAt: text,
  },
} as const;
// An AG-UI message as `GET /api/sessions/:id/thread` answers it (`@ag-ui/core` `Message`).
const THREAD_MESSAGE = {
  type: 'object',
  required: ['id', 'role', 'content'],
  properties: {
    id: text,
    role,
    content: text,
    toolCallId: text,
    error: text,
    toolCalls: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'function'],
        properties: {
          id: text,
          type: { type: 'string', enum: ['function'] },
          function: {
            type: 'object',
            required: ['name', 'arguments'],
            properties: { name: text, arguments: text },
          },
        },
      },
    },
  },
} as const;
// A session with its messages, of `MESSAGE` or `THREAD_MESSAGE` (with the cursor of the page before, for a thread).
const sessionAndMessages = (items: typeof MESSAGE | typeof THREAD_MESSAGE) =>
  ({
    type: 'object',
    required: ['session', 'messages'],
    properties: {
      session: SESSION,
      messages: { type: 'array', items },
      ...(items === THREAD_MESSAGE ? { nextCursor: text } : {}),
    },
  }) as const;
const idParam = { id: { description: 'The session id (an AG-UI threadId)', schema: text } };

/**
 * Mount the conversation routes over a `ConversationStore` (Postgres when served, so every server process sees
 * the same sessions): list, read and start sessions, read and append messages. A user sees only their sessions.
 */
export function mountSessionRoutes(
  app: Hono<ServerEnv>,
  deps: { readonly conversations: ConversationStore },
): void {
  const { conversations } = deps;
  const owned = async (id: string, user: User): Promise<ConversationSession> => {
    const session = await conversations.getSession(id);
    if (!session)
      throw new ServerError('not_found', `there is no session ${id}`, 'GET /api/sessions lists yours');
    if (session.userId !== undefined && session.userId !== user.id) {
      throw new ServerError('forbidden', `the session ${id} belongs to another user`);
    }
    return session;
  };

  route(app, {
    method: 'get',
    path: '/api/sessions',
    operationId: 'listSessions',
    summary: "The caller's sessions, newest first",
    tags: ['sessions'],
    query: {
      limit: { description: 'Page size (1–1000, default 50)', schema: { type: 'integer' } },
      cursor: { description: 'The `nextCursor` of the previous page', schema: text },
    },
    responses: {
      200: {
        description: 'A page of sessions',
        schema: {
          type: 'object',
          required: ['sessions'],
          properties: { sessions: { type: 'array', items: SESSION }, nextCursor: text },
        },
      },
    },
    errors: ['invalid_request'],
    handler: async (context) => {
      const limit = optionalInteger(context.req.query('limit'), 'limit', 1000);
      const cursor = context.req.query('cursor');
      const page = await storeCall(() =>
        conversations.listSessions({
          userId: context.get('user').id,
          ...(limit !== undefined ? { limit } : {}),
          ...(cursor ? { cursor } : {}),
        }),
      );
      return context.json(page);
    },
  });

  route(app, {
    method: 'post',
    path: '/api/sessions',
    operationId: 'createSession',
    summary: 'Start a session owned by the caller',
    tags: ['sessions'],
    body: {
      schema: { type: 'object', properties: { title: text, metadata: { type: 'object' } } },
      required: false,
    },
    responses: { 201: { description: 'The new session', schema: SESSION } },
    errors: ['invalid_json_body', 'invalid_request'],
    handler: async (context) => {
      const body = await readJsonObject(context);
      const title = optionalString(body, 'title');
      const metadata = optionalObject(body, 'metadata');
      const session = await storeCall(() =>
        conversations.createSession({
          userId: context.get('user').id,
          ...(title ? { title } : {}),
          ...(metadata ? { metadata } : {}),
        }),
      );
      return context.json(session, 201);
    },
  });

  route(app, {
    method: 'get',
    path: '/api/sessions/:id',
    operationId: 'getSession',
    summary: 'One session',
    tags: ['sessions'],
    params: idParam,
    responses: { 200: { description: 'The session', schema: SESSION } },
    errors: ['not_found', 'forbidden'],
    handler: async (context) => context.json(await owned(context.req.param('id'), context.get('user'))),
  });

  route(app, {
    method: 'get',
    path: '/api/sessions/:id/messages',
    operationId: 'listSessionMessages',
    summary: "A session's messages in order, tool calls and results included",
    tags: ['sessions'],
    params: idParam,
    query: {
      after: { description: 'Only messages after this position', schema: { type: 'integer' } },
      limit: { description: 'At most this many (1–1000, default 1000)', schema: { type: 'integer' } },
    },
    responses: {
      200: {
        description: 'The messages',
        schema: sessionAndMessages(MESSAGE),
      },
    },
    errors: ['not_found', 'forbidden', 'invalid_request'],
    handler: async (context) => {
      const session = await owned(context.req.param('id'), context.get('user'));
      const after = context.req.query('after');
      const afterPosition = after === '0' ? 0 : optionalInteger(after, 'after', Number.MAX_SAFE_INTEGER);
      const limit = optionalInteger(context.req.query('limit'), 'limit', MESSAGE_PAGE_LIMIT);
      const messages = await conversations.listMessages(session.id, {
        ...(afterPosition !== undefined ? { after: afterPosition } : {}),
        limit: limit ?? MESSAGE_PAGE_LIMIT,
      });
      return context.json({ session, messages });
    },
  });

  route(app, {
    method: 'get',
    path: '/api/sessions/:id/thread',
    operationId: 'getSessionThread',
    summary: 'A session as an AG-UI thread: the messages a client sends to continue it',
    description:
      'Give `messages` to `createAgentChat({ threadId, messages })` (or `useAgentChat`): the next run on the same ' +
      '`threadId` adds only what is new. Message ids are the ones the client sent; each tool result is one `tool` message. ' +
      'A page holds the latest stored messages (1,000 at most); `nextCursor` reads the page before it.',
    tags: ['sessions'],
    params: idParam,
    query: {
      limit: {
        description: 'Stored messages per page, the latest first read (1–1000, default 1000)',
        schema: { type: 'integer' },
      },
      cursor: {
        description: 'The `nextCursor` of the page after: read the messages before it',
        schema: text,
      },
    },
    responses: {
      200: {
        description: 'The session and its latest messages, in order',
        schema: sessionAndMessages(THREAD_MESSAGE),
      },
    },
    errors: ['not_found', 'forbidden', 'invalid_request'],
    handler: async (context) => {
      const session = await owned(context.req.param('id'), context.get('user'));
      const page = await readThreadPage(conversations, session, {
        limit: context.req.query('limit'),
        cursor: context.req.query('cursor'),
      });
      const messages = threadMessagesOf(session.id, page.messages);
      return context.json({ session, messages, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) });
    },
  });

  route(app, {
    method: 'post',
    path: '/api/sessions/:id/messages',
    operationId: 'appendSessionMessage',
    summary: 'Append a message to a session',
    tags: ['sessions'],
    params: idParam,
    body: {
      schema: {
        type: 'object',
        required: ['role', 'content'],
        properties: {
          role,
          content: text,
          toolCalls: { type: 'array', items: toolCall },
          toolResults: { type: 'array', items: toolResult },
        },
      },
    },
    responses: { 201: { description: 'The stored message, with its position', schema: MESSAGE } },
    errors: ['invalid_json_body', 'invalid_request', 'not_found', 'forbidden'],
    handler: async (context) => {
      const session = await owned(context.req.param('id'), context.get('user'));
      const body = await readJsonObject(context);
      for (const key of ['toolCalls', 'toolResults']) {
        if (body[key] !== undefined && !Array.isArray(body[key])) {
          throw new ServerError('invalid_request', `\`${key}\` must be an array`);
        }
      }
      const message = await storeCall(() =>
        conversations.appendMessage(session.id, {
          role: body.role as 'user',
          content: body.content as string,
          ...(body.toolCalls !== undefined ? { toolCalls: body.toolCalls as [] } : {}),
          ...(body.toolResults !== undefined ? { toolResults: body.toolResults as [] } : {}),
        }),
      );
      return context.json(message, 201);
    },
  });
}

/** Run a store call, turning its refusal of the input into a 400 that carries the store's message. */
async function storeCall<TResult>(call: () => Promise<TResult>): Promise<TResult> {
  try {
    return await call();
  } catch (error) {
    if (AffordanceError.isInstance(error) && error.code === 'invalid_input') {
      throw new ServerError('invalid_request', error.message);
    }
    throw error;
  }
}
