// /agui on a long thread: a run looks up only the stored messages the client's could repeat, never the whole
// thread, and ids or tool call ids taken from another user's thread neither hide messages nor reach that thread.
// The model side replays Chat Completions streams built on a recording from test/fixtures/provider-streams
// (vercel/ai @ed857f5, Apache-2.0); see replay-model.ts.
import { DEMO_USERS } from '@affordance/canvas';
import { type ConversationStore, createMemoryConversationStore } from '@affordance/core/ports';
import type { Message } from '@ag-ui/client';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, listen, postAgui, replay } from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);

const KEYS = { 'key-ana': DEMO_USERS.editor, 'key-vic': DEMO_USERS.viewer };
const ANA = { authorization: 'Bearer key-ana' };
const VIC = { authorization: 'Bearer key-vic' };
const LENGTH = 3000;

/** A memory store that counts every message row it hands out. */
function countingStore(): ConversationStore & { rows: number } {
  const inner = createMemoryConversationStore();
  const counted: ConversationStore & { rows: number } = {
    rows: 0,
    createSession: (session) => inner.createSession(session),
    getSession: (id) => inner.getSession(id),
    listSessions: (query) => inner.listSessions(query),
    appendMessage: (id, message) => inner.appendMessage(id, message),
    async listMessages(id, query) {
      const found = await inner.listMessages(id, query);
      counted.rows += found.length;
      return found;
    },
    async findMessages(id, query) {
      const found = await inner.findMessages!(id, query);
      counted.rows += found.length;
      return found;
    },
  };
  return counted;
}

/** Ana's thread of `LENGTH` messages; near its end a server tool call whose result the store named itself. */
async function longThread(conversations: ConversationStore, threadId: string) {
  await conversations.createSession({ id: threadId, userId: 'ana', title: 'Long' });
  for (let index = 1; index <= LENGTH - 3; index++) {
    const role = index % 2 === 1 ? 'user' : 'assistant';
    await conversations.appendMessage(threadId, {
      id: `${threadId}:m${index}`,
      role,
      content: `turn ${index}`,
    });
  }
  const call = { id: 'call_old', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#00ff00' } };
  await conversations.appendMessage(threadId, {
    id: `${threadId}:paint`,
    role: 'assistant',
    content: '',
    toolCalls: [call],
  });
  await conversations.appendMessage(threadId, {
    role: 'tool',
    content: '{"ok":true}',
    toolResults: [{ toolCallId: call.id, name: call.name, ok: true, output: '{"ok":true}' }],
  });
  await conversations.appendMessage(threadId, {
    id: `${threadId}:last`,
    role: 'assistant',
    content: 'Green.',
  });
}

describe('/agui on a long thread', () => {
  it('stores only the new message of a run over the latest page, reading rows for what it was sent only', async () => {
    const conversations = countingStore();
    await longThread(conversations, 'long');
    const model = await replay([replyFrames('Still green.')]);
    const { url } = await listen({ model: model.model, users: { keys: KEYS }, conversations });
    const page = await fetch(`${url.replace(/\/agui$/, '')}/api/sessions/long/thread`, { headers: ANA });
    const { messages } = (await page.json()) as { messages: Message[] };
    expect(messages.length).toBe(1000);
    expect(messages.filter((message) => message.role === 'tool')).toHaveLength(1);

    conversations.rows = 0;
    const sent = [...messages, { id: 'u-new', role: 'user', content: 'Is it green?' }];
    const run = await postAgui(url, { threadId: 'long', runId: 'r1', messages: sent }, ANA);
    expect(run.status).toBe(200);
    expect(run.events.map((event) => event.type)).toContain('RUN_FINISHED');
    // The run read the stored rows its 1,001 messages repeat (the tool result by its call), not the 3,000.
    expect(conversations.rows).toBe(1000);
    const stored = await conversations.listMessages('long', { after: LENGTH });
    expect(stored.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Is it green?'],
      ['assistant', 'Still green.'],
    ]);
  });

  it('a history longer than the stored thread stores what the thread lacks, once', async () => {
    const conversations = countingStore();
    await conversations.createSession({ id: 'short', userId: 'ana' });
    await conversations.appendMessage('short', { id: 'short:u2', role: 'user', content: 'second' });
    const model = await replay([replyFrames('Noted.')]);
    const { url } = await listen({ model: model.model, users: { keys: KEYS }, conversations });
    const sent = [
      { id: 'u1', role: 'user', content: 'first' },
      { id: 'u2', role: 'user', content: 'second' },
      { id: 'u3', role: 'user', content: 'third' },
    ];
    const run = await postAgui(url, { threadId: 'short', runId: 'r1', messages: sent }, ANA);
    expect(run.events.map((event) => event.type)).toContain('RUN_FINISHED');
    expect((await conversations.listMessages('short')).map((message) => message.content)).toEqual([
      'second',
      'first',
      'third',
      'Noted.',
    ]);
  });

  it("ids and tool call ids copied from another user's thread hide nothing and never reach it", async () => {
    const conversations = countingStore();
    await longThread(conversations, 'ana-long');
    const model = await replay([replyFrames('Hello Vic.')]);
    const { url } = await listen({ model: model.model, users: { keys: KEYS }, conversations });
    const forged = [
      { id: 'm1', role: 'user', content: 'forged raw id' },
      { id: 'ana-long:m3', role: 'user', content: 'forged stored id' },
      {
        id: 'paint',
        role: 'assistant',
        content: 'forged call',
        toolCalls: [
          { id: 'call_old', type: 'function', function: { name: 'shape_updateColor', arguments: '{}' } },
        ],
      },
      { id: 'result', role: 'tool', toolCallId: 'call_old', content: 'forged result' },
    ];
    const run = await postAgui(url, { threadId: 'vic-thread', runId: 'r1', messages: forged }, VIC);
    expect(run.status).toBe(200);
    expect(run.events.map((event) => event.type)).toContain('RUN_FINISHED');
    expect((await conversations.listMessages('vic-thread')).map((message) => message.content)).toEqual([
      'forged raw id',
      'forged stored id',
      'forged call',
      'forged result',
      'Hello Vic.',
    ]);
    expect(await conversations.getSession('ana-long')).toMatchObject({ userId: 'ana', messageCount: LENGTH });
    // Sent on Ana's thread itself they are refused before anything is stored.
    const hijack = await postAgui(url, { threadId: 'ana-long', runId: 'r2', messages: forged }, VIC);
    expect(hijack.status).toBe(403);
    expect(await conversations.getSession('ana-long')).toMatchObject({ messageCount: LENGTH });
  });
});
