import type { ConversationStore, NewChatMessage } from '@affordance/core/ports';
import type { ContractTestApi } from '@affordance/core/testing';

const CREATE_TIMEOUT_MS = 120_000;

/**
 * Declare the conversation store contract: sessions, ordered messages with tool calls and results, pages.
 * `create` runs once; tests keep to their own ids, so one database serves the whole suite.
 */
export function describeConversationStoreContract(
  name: string,
  create: () => ConversationStore | Promise<ConversationStore>,
  api: ContractTestApi,
): void {
  const { describe, it, expect, beforeEach } = api;
  let creating: Promise<ConversationStore> | undefined;
  let store: ConversationStore;
  let counter = 0;
  const run = globalThis.crypto.randomUUID().slice(0, 8);
  const unique = (label: string) => `${label}-${run}-${++counter}`;

  describe(`${name} (conversation store contract)`, () => {
    beforeEach(async () => {
      creating ??= Promise.resolve(create());
      store = await creating;
    }, CREATE_TIMEOUT_MS);

    it('creates a session with what it was given, gets it back, and refuses a taken id', async () => {
      const id = unique('ses');
      const userId = unique('user');
      const created = await store.createSession({
        id,
        userId,
        title: 'Colours',
        metadata: { canvas: 'c1', tags: ['a'] },
      });
      expect(created).toMatchObject({
        id,
        userId,
        title: 'Colours',
        metadata: { canvas: 'c1', tags: ['a'] },
        messageCount: 0,
      });
      expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
      expect(await store.getSession(id)).toEqual(created);
      expect(await store.getSession(unique('ses'))).toBeUndefined();
      await expectRejection(() => store.createSession({ id }), 'exists');
      const generated = await store.createSession();
      expect(generated.id.length).toBeGreaterThan(0);
      expect(generated.metadata).toEqual({});
    });

    it('keeps messages in order with their tool calls and tool results', async () => {
      const { id } = await store.createSession({ id: unique('ses') });
      const messages: NewChatMessage[] = [
        { role: 'system', content: 'You edit a canvas.' },
        { role: 'user', content: 'Make the first shape red' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'tc_1', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } },
          ],
        },
        {
          role: 'tool',
          content: '{"color":"#ff0000"}',
          toolResults: [
            { toolCallId: 'tc_1', name: 'shape_updateColor', ok: true, output: '{"color":"#ff0000"}' },
          ],
        },
        { role: 'assistant', content: 'Done: the shape is red.' },
      ];
      const stored = [];
      for (const message of messages) stored.push(await store.appendMessage(id, message));
      expect(stored.map((message) => message.position)).toEqual([1, 2, 3, 4, 5]);
      const listed = await store.listMessages(id);
      expect(listed).toEqual(stored);
      expect(
        listed.map(({ role, content, toolCalls, toolResults }) => ({
          role,
          content,
          toolCalls,
          toolResults,
        })),
      ).toEqual(messages);
      expect(await store.getSession(id)).toMatchObject({ messageCount: 5 });
      expect((await store.listMessages(id, { after: 3 })).map((message) => message.position)).toEqual([4, 5]);
      expect(
        (await store.listMessages(id, { after: 1, limit: 2 })).map((message) => message.position),
      ).toEqual([2, 3]);
      expect(await store.listMessages(unique('ses'))).toEqual([]);
    });

    it("keeps an assistant message's provider data as JSON, and refuses it elsewhere or malformed", async () => {
      const { id } = await store.createSession({ id: unique('ses') });
      const providerData = {
        'openai-responses': {
          model: 'gpt-test',
          reasoning: [{ id: 'rs_1', encryptedContent: 'gAAAAB…', summary: ['why'], beforeCall: 'tc_1' }],
        },
      };
      const message: NewChatMessage = {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'tc_1', name: 'shape_move', args: {} }],
        providerData,
      };
      const stored = await store.appendMessage(id, message);
      expect(stored.providerData).toEqual(providerData);
      expect((await store.listMessages(id))[0]!.providerData).toEqual(providerData);
      await store.appendMessage(id, { role: 'assistant', content: 'plain' });
      expect('providerData' in (await store.listMessages(id))[1]!).toBe(false);
      await expectRejection(
        () => store.appendMessage(id, { role: 'user', content: 'hi', providerData }),
        'invalid_input',
      );
      for (const bad of [[1, 2], 'text', null] as unknown[]) {
        await expectRejection(
          () =>
            store.appendMessage(id, {
              role: 'assistant',
              content: '',
              providerData: bad as NewChatMessage['providerData'],
            }),
          'invalid_input',
        );
      }
      expect(await store.getSession(id)).toMatchObject({ messageCount: 2 });
    });

    it('numbers simultaneous appends 1…n without gaps or repeats', async () => {
      const { id } = await store.createSession({ id: unique('ses') });
      const appended = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          store.appendMessage(id, { role: 'user', content: `message ${index}` }),
        ),
      );
      expect(appended.map((message) => message.position).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, index) => index + 1),
      );
      const listed = await store.listMessages(id);
      expect(listed.map((message) => message.position)).toEqual(
        Array.from({ length: 12 }, (_, index) => index + 1),
      );
    });

    it('refuses a message for an unknown session, a bad role, or a taken message id', async () => {
      const { id } = await store.createSession({ id: unique('ses') });
      await expectRejection(
        () => store.appendMessage(unique('ses'), { role: 'user', content: 'hi' }),
        'not_found',
      );
      await expectRejection(
        () => store.appendMessage(id, { role: 'robot' as 'user', content: 'hi' }),
        'invalid_input',
      );
      const messageId = unique('msg');
      await store.appendMessage(id, { id: messageId, role: 'user', content: 'first' });
      await expectRejection(
        () => store.appendMessage(id, { id: messageId, role: 'user', content: 'again' }),
        'exists',
      );
      expect((await store.listMessages(id)).map((message) => message.content)).toEqual(['first']);
      expect(await store.getSession(id)).toMatchObject({ messageCount: 1 });
    });

    it("finds messages of one session by id and by tool call id, never another session's", async () => {
      if (!store.findMessages) return;
      const { id } = await store.createSession({ id: unique('ses') });
      const { id: other } = await store.createSession({ id: unique('ses') });
      const [asked, call, result] = [unique('msg'), unique('tc'), unique('tc')];
      await store.appendMessage(id, { role: 'user', content: 'first' });
      await store.appendMessage(id, { id: asked, role: 'user', content: 'asked' });
      await store.appendMessage(id, {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: call, name: 'shape_move', args: {} }],
      });
      await store.appendMessage(id, {
        role: 'tool',
        content: 'ok',
        toolResults: [{ toolCallId: result, name: 'shape_move', ok: true, output: 'ok' }],
      });
      await store.appendMessage(id, { role: 'assistant', content: 'done' });
      const foreign = unique('msg');
      await store.appendMessage(other, {
        id: foreign,
        role: 'assistant',
        content: '',
        toolCalls: [{ id: unique('tc'), name: 'shape_move', args: {} }],
      });
      const found = await store.findMessages(id, {
        ids: [asked, foreign, unique('msg')],
        toolCallIds: [call, result],
      });
      expect(found.map((message) => message.position)).toEqual([2, 3, 4]);
      expect(found).toEqual((await store.listMessages(id)).slice(1, 4));
      expect(await store.findMessages(other, { ids: [asked], toolCallIds: [call, result] })).toEqual([]);
      expect(await store.findMessages(id, { ids: [], toolCallIds: [] })).toEqual([]);
      expect(await store.findMessages(unique('ses'), { ids: [asked], toolCallIds: [call] })).toEqual([]);
    });

    it('lists sessions newest first, by user, a page at a time', async () => {
      const userId = unique('user');
      const ids = [];
      for (let index = 0; index < 5; index++)
        ids.push((await store.createSession({ id: unique('ses'), userId })).id);
      await store.createSession({ id: unique('ses'), userId: unique('user') });
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await store.listSessions({ userId, limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.sessions.map((session) => session.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(seen).toEqual([...ids].reverse());
      expect(pages).toBe(3);
    });
  });

  async function expectRejection(run: () => Promise<unknown>, code: string): Promise<void> {
    let caught: unknown;
    try {
      await run();
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code });
  }
}
