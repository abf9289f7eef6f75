// GET /api/sessions/:id/thread: a thread run over /agui reads back as the AG-UI messages a client continues it
// with, the next run on it stores only what is new, and nobody else reads it. The model side replays Chat
// Completions streams built on a recording from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0);
// see replay-model.ts.
import { DEMO_USERS } from '@affordance/canvas';
import { createThreadList } from '@affordance/client';
import { HttpAgent, type Message } from '@ag-ui/client';
import { MessageSchema } from '@ag-ui/core/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, listen, replay, runOnce } from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);

const KEYS = { 'key-ana': DEMO_USERS.editor, 'key-vic': DEMO_USERS.viewer };
const ANA = { authorization: 'Bearer key-ana' };
const VIC = { authorization: 'Bearer key-vic' };
const PAINT = { id: 'call_paint', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } };

async function paintedThread() {
  const model = await replay([
    replyFrames('Painting shape-1.', [PAINT]),
    replyFrames('Shape 1 is red.'),
    replyFrames('It is still red.'),
  ]);
  const server = await listen({ model: model.model, users: { keys: KEYS } });
  const base = server.url.replace(/\/agui$/, '');
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
  const agent = new HttpAgent({ url: server.url, threadId: 'thread-paint', headers: ANA });
  agent.addMessage({ id: 'u1', role: 'user', content: 'Make shape-1 red' });
  const first = await runOnce(agent);
  expect(first.failure).toBeUndefined();
  return { ...server, model, get };
}

describe('GET /api/sessions/:id/thread', () => {
  it('answers the thread as AG-UI messages with the ids the client sent; continuing it stores only what is new', async () => {
    const { get, conversations, url, model } = await paintedThread();
    const response = await get('/api/sessions/thread-paint/thread', ANA);
    expect(response.status).toBe(200);
    const { session, messages } = (await response.json()) as { session: { id: string }; messages: Message[] };
    expect(session).toMatchObject({ id: 'thread-paint', userId: 'ana', title: 'Make shape-1 red' });
    for (const message of messages)
      expect(MessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[0]).toEqual({ id: 'u1', role: 'user', content: 'Make shape-1 red' });
    expect(messages[1]).toMatchObject({
      role: 'assistant',
      content: 'Painting shape-1.',
      toolCalls: [
        {
          id: PAINT.id,
          type: 'function',
          function: { name: PAINT.name, arguments: JSON.stringify(PAINT.args) },
        },
      ],
    });
    expect(messages[2]).toMatchObject({ role: 'tool', toolCallId: PAINT.id });
    expect(messages[2]).not.toHaveProperty('error');
    expect(messages[3]).toMatchObject({ role: 'assistant', content: 'Shape 1 is red.' });

    // A page reload: a new client continues the thread from what the route answered.
    const before = (await conversations.listMessages('thread-paint')).length;
    const again = new HttpAgent({ url, threadId: 'thread-paint', headers: ANA, initialMessages: messages });
    again.addMessage({ id: 'u2', role: 'user', content: 'Is it red?' });
    expect((await runOnce(again)).failure).toBeUndefined();
    const stored = await conversations.listMessages('thread-paint');
    expect(stored.slice(before).map((message) => [message.role, message.content])).toEqual([
      ['user', 'Is it red?'],
      ['assistant', 'It is still red.'],
    ]);
    // The model read the thread once: one call, one result.
    const last = model.server.requests.at(-1)!.body as {
      messages: { role: string; tool_call_id?: string }[];
    };
    expect(last.messages.filter((message) => message.tool_call_id === PAINT.id)).toHaveLength(1);
  });

  it("never answers another user's thread: 403 for them, 401 without a key, 404 for an unknown one", async () => {
    const { get, url, conversations } = await paintedThread();
    const vic = await get('/api/sessions/thread-paint/thread', VIC);
    expect(vic.status).toBe(403);
    const body = await vic.text();
    expect(body).toContain('forbidden');
    expect(body).not.toContain('Make shape-1 red');
    expect((await get('/api/sessions/thread-paint/thread')).status).toBe(401);
    expect((await get('/api/sessions/nope/thread', ANA)).status).toBe(404);
    // Nor is it listed for them, nor reachable through a crafted id.
    const listed = (await (await get('/api/sessions', VIC)).json()) as { sessions: { id: string }[] };
    expect(listed.sessions.map((session) => session.id)).not.toContain('thread-paint');
    expect((await get(`/api/sessions/${encodeURIComponent('thread-paint:u1')}/thread`, VIC)).status).toBe(
      404,
    );
    // Nor can they run on it: /agui refuses the thread, and it stays as it was.
    const hijack = new HttpAgent({ url, threadId: 'thread-paint', headers: VIC });
    hijack.addMessage({ id: 'v1', role: 'user', content: 'Remove everything' });
    const refused = await runOnce(hijack);
    expect(refused.types).not.toContain('RUN_FINISHED');
    expect(JSON.stringify(refused.events) + String(refused.failure)).toContain('belongs to another user');
    expect(
      (await conversations.listMessages('thread-paint')).map((message) => message.content),
    ).not.toContain('Remove everything');
    const ana = (await (await get('/api/sessions', ANA)).json()) as { sessions: { id: string }[] };
    expect(ana.sessions.map((session) => session.id)).toEqual(['thread-paint']);
  });

  it("createThreadList lists the caller's threads, opens one with its messages, and shows a refusal as its error", async () => {
    const { url } = await paintedThread();
    const baseUrl = url.replace(/\/agui$/, '');
    const ana = createThreadList({ baseUrl, headers: ANA });
    const fresh = ana.getSnapshot().currentId;
    expect(ana.getSnapshot()).toMatchObject({ threads: [], messages: [], status: 'idle' });
    await ana.refresh();
    expect(ana.getSnapshot().threads).toMatchObject([
      { id: 'thread-paint', title: 'Make shape-1 red', messageCount: 4 },
    ]);
    expect(ana.getSnapshot().currentId).toBe(fresh);
    await ana.select('thread-paint');
    expect(ana.getSnapshot()).toMatchObject({ currentId: 'thread-paint', status: 'idle', error: undefined });
    expect(ana.getSnapshot().messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    // Leaving a thread before it loads: its late answer does not switch back.
    const late = ana.select('thread-paint');
    const created = ana.create();
    await late;
    expect(ana.getSnapshot()).toMatchObject({ currentId: created, messages: [] });
    expect(created).not.toBe(fresh);

    const vic = createThreadList({ baseUrl, headers: VIC });
    await vic.refresh();
    expect(vic.getSnapshot().threads).toEqual([]);
    const before = vic.getSnapshot().currentId;
    await vic.select('thread-paint');
    expect(vic.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'the session thread-paint belongs to another user',
      currentId: before,
      messages: [],
    });
  });
});
