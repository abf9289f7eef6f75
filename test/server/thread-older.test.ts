// Loading older messages: createThreadList opens a thread at its latest page and `loadOlder()` follows the server's
// `nextCursor` back to the first message; a chat given those pages (`prepend`) continues the thread, and the next
// run stores only what is new. The model side replays Chat Completions streams built on a recording from
// test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0); see replay-model.ts.
import { DEMO_USERS } from '@affordance/canvas';
import { createAgentChat, createThreadList, createToolCallStore } from '@affordance/client';
import { createRegistry } from '@affordance/core';
import type { ConversationStore } from '@affordance/core/ports';
import type { Message } from '@ag-ui/client';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, listen, replay } from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);

const KEYS = { 'key-ana': DEMO_USERS.editor, 'key-vic': DEMO_USERS.viewer };
const ANA = { authorization: 'Bearer key-ana' };
const VIC = { authorization: 'Bearer key-vic' };
const ROUNDS = 625;

/** Ana's thread of `ROUNDS` rounds (user, assistant calling a tool, its result, assistant) and a last question. */
async function longThread(conversations: ConversationStore, id: string): Promise<number> {
  await conversations.createSession({ id, userId: 'ana', title: 'Long' });
  let position = 0;
  const text = () => `m${++position}`;
  const message = (role: 'user' | 'assistant', extra = {}) => {
    const content = text();
    return conversations.appendMessage(id, { id: `${id}:${content}`, role, content, ...extra });
  };
  for (let round = 0; round < ROUNDS; round++) {
    const call = { id: `call-${round}`, name: 'shape_updateColor', args: { blockId: 'shape-1' } };
    await message('user');
    await message('assistant', { toolCalls: [call] });
    // The server names a result it stores itself.
    const output = text();
    await conversations.appendMessage(id, {
      role: 'tool',
      content: output,
      toolResults: [{ toolCallId: call.id, name: call.name, ok: true, output }],
    });
    await message('assistant');
  }
  await message('user');
  return position;
}

const textOf = (message: Message) => (typeof message.content === 'string' ? message.content : '');

describe('createThreadList.loadOlder', () => {
  it('reads a long thread back to its first message a page at a time, and a chat given the pages continues it', async () => {
    const model = await replay([replyFrames('All of it.')]);
    const server = await listen({ model: model.model, users: { keys: KEYS } });
    const total = await longThread(server.conversations, 'long');
    const baseUrl = server.url.replace(/\/agui$/, '');
    const list = createThreadList({ baseUrl, headers: ANA });
    await list.loadOlder();
    expect(list.getSnapshot().messages).toEqual([]);
    await list.select('long');
    const latest = list.getSnapshot();
    expect(latest).toMatchObject({ currentId: 'long', hasOlder: true, loadingOlder: false, status: 'idle' });
    expect(latest.messages.length).toBeLessThanOrEqual(1000);
    // A page never opens on a tool result whose call it does not hold.
    expect(latest.messages[0]?.role).not.toBe('tool');

    const chat = createAgentChat({
      url: server.url,
      headers: ANA,
      threadId: 'long',
      registry: createRegistry(),
      store: createToolCallStore(),
      messages: latest.messages,
    });
    const pages: number[] = [];
    while (list.getSnapshot().hasOlder) {
      const loading = list.loadOlder();
      expect(list.getSnapshot().loadingOlder).toBe(true);
      const older = await loading;
      pages.push(older.length);
      chat.prepend(older);
    }
    expect(pages.length).toBe(2);
    expect(await list.loadOlder()).toEqual([]);
    const all = list.getSnapshot().messages;
    expect(all.map(textOf)).toEqual(Array.from({ length: total }, (_, index) => `m${index + 1}`));
    expect(chat.getSnapshot().messages).toEqual(all);
    // A page given twice adds nothing.
    chat.prepend(all.slice(0, 10));
    expect(chat.getSnapshot().messages).toHaveLength(total);

    await chat.send('Did you read it all?');
    expect(chat.getSnapshot()).toMatchObject({ status: 'idle', error: undefined });
    const stored = await server.conversations.listMessages('long', { after: total });
    expect(stored.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Did you read it all?'],
      ['assistant', 'All of it.'],
    ]);
  });

  it('drops a page for a thread left meanwhile, shows a failure as its error, and never reads another user’s thread', async () => {
    const server = await listen({ users: { keys: KEYS } });
    await longThread(server.conversations, 'long');
    const baseUrl = server.url.replace(/\/agui$/, '');
    const list = createThreadList({ baseUrl, headers: ANA });
    await list.select('long');
    const loading = list.loadOlder();
    const created = list.create();
    expect(await loading).toEqual([]);
    expect(list.getSnapshot()).toMatchObject({
      currentId: created,
      messages: [],
      hasOlder: false,
      loadingOlder: false,
    });

    // The thread is gone under its page: the failure is the list's error, and the list stays as it was.
    let gone = false;
    const flaky = createThreadList({
      baseUrl,
      headers: ANA,
      fetch: (input, init) =>
        gone
          ? Promise.resolve(new Response('{"error":{"message":"down"}}', { status: 503 }))
          : fetch(input, init),
    });
    await flaky.select('long');
    const before = flaky.getSnapshot().messages;
    gone = true;
    expect(await flaky.loadOlder()).toEqual([]);
    expect(flaky.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'down',
      hasOlder: true,
      messages: before,
    });
    gone = false;
    expect((await flaky.loadOlder()).length).toBeGreaterThan(0);
    expect(flaky.getSnapshot()).toMatchObject({ status: 'idle', error: undefined });

    const vic = createThreadList({ baseUrl, headers: VIC });
    await vic.select('long');
    expect(vic.getSnapshot()).toMatchObject({ status: 'error', messages: [], hasOlder: false });
    expect(await vic.loadOlder()).toEqual([]);
    const forged = await fetch(`${baseUrl}/api/sessions/long/thread?cursor=2`, { headers: VIC });
    expect(forged.status).toBe(403);
  });
});
