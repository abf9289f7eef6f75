// GET /api/sessions/:id/thread read a whole session at once however long it was; it now answers the latest 1,000
// stored messages and a cursor to the page before, and `/messages` caps a read without `limit` the same way.
import { type ConversationStore, createMemoryConversationStore } from '@affordance/core/ports';
import { createPostgresStore } from '@affordance/store-postgres';
import { describe, expect, it } from 'vitest';
import { routeTestServer, TEST_KEYS } from './route-test-setup.js';

const ANA = { authorization: 'Bearer key-ana' };
const VIC = { authorization: 'Bearer key-vic' };

interface ThreadBody {
  readonly messages: Array<{ role: string; content: string; toolCallId?: string }>;
  readonly nextCursor?: string;
}

/** A session of `rounds` rounds (user, assistant calling a tool, its result, assistant) and a last user message. */
async function longSession(conversations: ConversationStore, rounds: number): Promise<string> {
  const { id } = await conversations.createSession({ userId: 'ana' });
  let position = 0;
  const content = () => `m${++position}`;
  for (let round = 0; round < rounds; round++) {
    const call = { id: `call-${round}`, name: 'shape_updateColor', args: { blockId: 'shape-1' } };
    await conversations.appendMessage(id, { role: 'user', content: content() });
    await conversations.appendMessage(id, { role: 'assistant', content: content(), toolCalls: [call] });
    const output = content();
    await conversations.appendMessage(id, {
      role: 'tool',
      content: output,
      toolResults: [{ toolCallId: call.id, name: call.name, ok: true, output }],
    });
    await conversations.appendMessage(id, { role: 'assistant', content: content() });
  }
  await conversations.appendMessage(id, { role: 'user', content: content() });
  return id;
}

function setup(conversations: ConversationStore = createMemoryConversationStore()) {
  const server = routeTestServer({ users: { keys: TEST_KEYS }, conversations });
  const thread = async (path: string, headers: Record<string, string> = ANA) => {
    const response = await server.request(path, { headers });
    expect(response.status, path).toBe(200);
    return (await response.json()) as ThreadBody;
  };
  return { ...server, conversations, thread };
}

const contents = (body: ThreadBody) => body.messages.map((message) => message.content);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);

describe('GET /api/sessions/:id/thread pages a long session', () => {
  it('answers the latest 1,000 stored messages of a longer session, and the rest before the cursor', async () => {
    const { conversations, thread, request } = setup();
    const id = await longSession(conversations, 300); // 1,201 messages
    const latest = await thread(`/api/sessions/${id}/thread`);
    expect(latest.messages).toHaveLength(1000);
    expect(contents(latest)).toEqual(range(202, 1201));
    expect(latest.nextCursor).toBe('202');
    const earlier = await thread(`/api/sessions/${id}/thread?cursor=${latest.nextCursor}`);
    expect(contents(earlier)).toEqual(range(1, 201));
    expect(earlier.nextCursor).toBeUndefined();

    const stored = (await (await request(`/api/sessions/${id}/messages`, { headers: ANA })).json()) as {
      messages: Array<{ position: number }>;
    };
    expect(stored.messages).toHaveLength(1000);
    expect(stored.messages.at(-1)?.position).toBe(1000);
  });

  it('never opens a page with a tool result whose call is on the page before', async () => {
    const { conversations, thread } = setup();
    const id = await longSession(conversations, 3); // m9 user, m10 calls, m11 its result, m12, m13
    // The last three are m11 (tool), m12, m13: the result goes to the page before, beside its call.
    const last = await thread(`/api/sessions/${id}/thread?limit=3`);
    expect(contents(last)).toEqual(['m12', 'm13']);
    expect(last.nextCursor).toBe('12');
    const before = await thread(`/api/sessions/${id}/thread?limit=3&cursor=12`);
    expect(before.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(contents(before)).toEqual(['m9', 'm10', 'm11']);
    // A page of results only is answered as it is rather than empty.
    const lone = await thread(`/api/sessions/${id}/thread?limit=1&cursor=12`);
    expect(lone.messages).toEqual([expect.objectContaining({ role: 'tool', content: 'm11' })]);
    expect(lone.nextCursor).toBe('11');
  });

  it('keeps another user out and refuses bad pages and hostile ids', async () => {
    const { conversations, request } = setup();
    const id = await longSession(conversations, 300);
    for (const path of [
      `/api/sessions/${id}/thread`,
      `/api/sessions/${id}/thread?limit=1`,
      `/api/sessions/${id}/thread?cursor=202`,
    ]) {
      const response = await request(path, { headers: VIC });
      expect(response.status, path).toBe(403);
      expect(JSON.stringify(await response.json())).not.toContain('m1201');
    }
    expect((await request(`/api/sessions/${id}/thread`)).status).toBe(401);
    for (const query of [
      'limit=0',
      'limit=1001',
      'limit=abc',
      'limit=2.5',
      'cursor=abc',
      'cursor=1',
      'cursor=-5',
      'cursor=1203',
      'cursor=99999999999999999999',
      'cursor=2.5',
    ]) {
      const response = await request(`/api/sessions/${id}/thread?${query}`, { headers: ANA });
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
    }
    for (const hostile of [
      encodeURIComponent('../sessions'),
      encodeURIComponent("' OR 1=1 --"),
      '%00',
      'x'.repeat(5000),
      encodeURIComponent('\u202e\ud83d\ude00'),
    ]) {
      const response = await request(`/api/sessions/${hostile}/thread`, { headers: ANA });
      expect(response.status, hostile.slice(0, 40)).toBe(404);
    }
  });

  it('pages the same way over Postgres (PGlite)', async () => {
    const database = await createPostgresStore({ dataDir: 'memory://' });
    try {
      const { thread, request } = setup(database.conversations);
      const id = await longSession(database.conversations, 3);
      const last = await thread(`/api/sessions/${id}/thread?limit=3`);
      expect(contents(last)).toEqual(['m12', 'm13']);
      const before = await thread(`/api/sessions/${id}/thread?limit=20&cursor=${last.nextCursor}`);
      expect(contents(before)).toEqual(range(1, 11));
      expect(before.nextCursor).toBeUndefined();
      expect((await request(`/api/sessions/${id}/thread`, { headers: VIC })).status).toBe(403);
    } finally {
      await database.close();
    }
  }, 60_000);
});
