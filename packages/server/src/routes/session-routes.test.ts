import { createCanvasRegistry, DEMO_USERS } from '@affordance/canvas';
import { type ConversationStore, createMemoryConversationStore } from '@affordance/core/ports';
import { createPostgresStore } from '@affordance/store-postgres';
import { describe, expect, it } from 'vitest';
import { createServer, type ServerOptions } from '../create-server.js';

const KEYS = { 'key-ana': DEMO_USERS.editor, 'key-vic': DEMO_USERS.viewer };
const ANA = { authorization: 'Bearer key-ana' };
const VIC = { authorization: 'Bearer key-vic' };

function setup(options: Omit<ServerOptions, 'registry'> = {}) {
  const conversations = options.conversations ?? createMemoryConversationStore();
  const { app } = createServer({
    registry: createCanvasRegistry().registry,
    mcp: false,
    consoleDir: false,
    users: { keys: KEYS },
    conversations,
    ...options,
  });
  const request = (
    path: string,
    init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ) =>
    app.request(path, {
      method: init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET'),
      headers: { 'content-type': 'application/json', ...init.headers },
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
  return { app, request, conversations };
}

const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code;

describe('sessions and messages', () => {
  it('starts a session owned by the caller, appends messages, and reads them back in order', async () => {
    const { request } = setup();
    const created = await request('/api/sessions', {
      json: { title: 'Colours', metadata: { canvas: 'demo' } },
      headers: ANA,
    });
    expect(created.status).toBe(201);
    const session = (await created.json()) as { id: string };
    expect(session).toMatchObject({
      userId: 'ana',
      title: 'Colours',
      metadata: { canvas: 'demo' },
      messageCount: 0,
    });

    const user = await request(`/api/sessions/${session.id}/messages`, {
      json: { role: 'user', content: 'Paint shape-1 red' },
      headers: ANA,
    });
    expect(user.status).toBe(201);
    expect(await user.json()).toMatchObject({ position: 1, role: 'user', sessionId: session.id });
    await request(`/api/sessions/${session.id}/messages`, {
      json: {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } }],
      },
      headers: ANA,
    });
    await request(`/api/sessions/${session.id}/messages`, {
      json: {
        role: 'tool',
        content: '',
        toolResults: [{ toolCallId: 'c1', name: 'shape_updateColor', ok: true, output: 'ok' }],
      },
      headers: ANA,
    });

    const read = await request(`/api/sessions/${session.id}/messages`, { headers: ANA });
    const body = (await read.json()) as {
      session: { messageCount: number };
      messages: Array<{ position: number; role: string }>;
    };
    expect(body.session.messageCount).toBe(3);
    expect(body.messages.map((message) => [message.position, message.role])).toEqual([
      [1, 'user'],
      [2, 'assistant'],
      [3, 'tool'],
    ]);
    const page = (await (
      await request(`/api/sessions/${session.id}/messages?after=1&limit=1`, { headers: ANA })
    ).json()) as {
      messages: Array<{ position: number }>;
    };
    expect(page.messages.map((message) => message.position)).toEqual([2]);
    expect(await (await request(`/api/sessions/${session.id}`, { headers: ANA })).json()).toMatchObject({
      id: session.id,
      messageCount: 3,
    });
  });

  it("lists only the caller's sessions, newest first, a page at a time", async () => {
    const { request } = setup();
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      const response = await request('/api/sessions', { json: { title }, headers: ANA });
      ids.push(((await response.json()) as { id: string }).id);
    }
    await request('/api/sessions', { json: { title: 'vic' }, headers: VIC });
    const first = (await (await request('/api/sessions?limit=2', { headers: ANA })).json()) as {
      sessions: Array<{ id: string }>;
      nextCursor?: string;
    };
    expect(first.sessions.map((session) => session.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBeDefined();
    const second = (await (
      await request(`/api/sessions?limit=2&cursor=${first.nextCursor}`, { headers: ANA })
    ).json()) as {
      sessions: Array<{ id: string }>;
      nextCursor?: string;
    };
    expect(second).toEqual({ sessions: [expect.objectContaining({ id: ids[0] })] });
    const vic = (await (await request('/api/sessions', { headers: VIC })).json()) as {
      sessions: Array<{ title: string }>;
    };
    expect(vic.sessions.map((session) => session.title)).toEqual(['vic']);
  });

  it('answers 401 without a key, 403 on another user’s session, 404 for an unknown one', async () => {
    const { request } = setup();
    const { id } = (await (await request('/api/sessions', { json: {}, headers: ANA })).json()) as {
      id: string;
    };
    const anonymous = await request('/api/sessions');
    expect(anonymous.status).toBe(401);
    expect(await errorCode(anonymous)).toBe('unauthorized');
    for (const [method, path] of [
      ['GET', `/api/sessions/${id}`],
      ['GET', `/api/sessions/${id}/messages`],
      ['POST', `/api/sessions/${id}/messages`],
    ] as const) {
      const response = await request(path, {
        method,
        headers: VIC,
        ...(method === 'POST' ? { json: { role: 'user', content: 'hi' } } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await errorCode(response)).toBe('forbidden');
    }
    for (const path of ['/api/sessions/nope', '/api/sessions/nope/messages']) {
      const response = await request(path, { headers: ANA });
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('not_found');
    }
    const append = await request('/api/sessions/nope/messages', {
      json: { role: 'user', content: 'hi' },
      headers: ANA,
    });
    expect(append.status).toBe(404);
  });

  it('answers 400 for bad input: JSON, roles, tool records, limits and cursors', async () => {
    const { request } = setup();
    const { id } = (await (await request('/api/sessions', { json: {}, headers: ANA })).json()) as {
      id: string;
    };
    const messages = `/api/sessions/${id}/messages`;
    const cases: Array<[string, Parameters<typeof request>[1], string]> = [
      ['/api/sessions', { body: '{nope', headers: ANA }, 'invalid_json_body'],
      ['/api/sessions', { json: { title: 7 }, headers: ANA }, 'invalid_request'],
      ['/api/sessions', { json: { metadata: [1] }, headers: ANA }, 'invalid_request'],
      [messages, { json: { role: 'robot', content: 'hi' }, headers: ANA }, 'invalid_request'],
      [messages, { json: { role: 'user' }, headers: ANA }, 'invalid_request'],
      [
        messages,
        { json: { role: 'assistant', content: '', toolCalls: 'x' }, headers: ANA },
        'invalid_request',
      ],
      [
        messages,
        { json: { role: 'tool', content: '', toolResults: [{ toolCallId: 'c' }] }, headers: ANA },
        'invalid_request',
      ],
      [`${messages}?limit=0`, { headers: ANA }, 'invalid_request'],
      [`${messages}?after=-1`, { headers: ANA }, 'invalid_request'],
      ['/api/sessions?limit=5000', { headers: ANA }, 'invalid_request'],
      ['/api/sessions?cursor=abc', { headers: ANA }, 'invalid_request'],
    ];
    for (const [path, init, code] of cases) {
      const response = await request(path, init);
      expect(response.status, `${path} ${JSON.stringify(init)}`).toBe(400);
      expect(await errorCode(response)).toBe(code);
    }
    const role = await request(messages, { json: { role: 'robot', content: 'hi' }, headers: ANA });
    expect(((await role.json()) as { error: { message: string } }).error.message).toMatch(
      /role must be one of/,
    );
    expect((await (await request(`/api/sessions/${id}`, { headers: ANA })).json()) as object).toMatchObject({
      messageCount: 0,
    });
  });

  it('reads the same sessions from two servers over one database (PGlite)', async () => {
    const database = await createPostgresStore({ dataDir: 'memory://' });
    try {
      const conversations: ConversationStore = database.conversations;
      const first = setup({ conversations });
      const second = setup({ conversations });
      const { id } = (await (
        await first.request('/api/sessions', { json: { title: 'shared' }, headers: ANA })
      ).json()) as {
        id: string;
      };
      await first.request(`/api/sessions/${id}/messages`, {
        json: { role: 'user', content: 'hello' },
        headers: ANA,
      });
      const seen = (await (
        await second.request(`/api/sessions/${id}/messages`, { headers: ANA })
      ).json()) as {
        messages: Array<{ content: string }>;
      };
      expect(seen.messages.map((message) => message.content)).toEqual(['hello']);
      const bad = await second.request('/api/sessions?cursor=abc', { headers: ANA });
      expect(bad.status).toBe(400);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('finds the conversations of a store that has them when none are given', async () => {
    const database = await createPostgresStore({ dataDir: 'memory://' });
    try {
      const { app } = createServer({
        registry: createCanvasRegistry().registry,
        store: database,
        mcp: false,
        consoleDir: false,
      });
      await database.conversations.createSession({ id: 'from-db', userId: 'local' });
      const response = await app.request('/api/sessions/from-db');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: 'from-db' });
    } finally {
      await database.close();
    }
  }, 60_000);
});
