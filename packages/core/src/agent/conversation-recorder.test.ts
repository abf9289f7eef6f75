import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { ConversationStoreError } from '../ports/conversation-store.js';
import { createMemoryConversationStore } from '../ports/memory-conversation-store.js';
import { createRegistry } from '../registry/create-registry.js';
import { createConversationRecorder, ensureSession, titleOf } from './conversation-recorder.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

const registry = createRegistry({
  actions: [
    defineAction({
      name: 'note_add',
      description: 'Add a note',
      input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } as const,
      handler: () => 'added',
    }),
  ],
});

describe('createConversationRecorder', () => {
  it('records a run as a session: the input, then every step’s messages, in order', async () => {
    const store = createMemoryConversationStore();
    const model = createScriptedModel([
      { text: 'Adding.', toolCalls: [{ id: 'c1', name: 'note_add', args: { text: 'hi' } }] },
      { toolCalls: [{ id: 'c2', name: 'note_add', args: {} }] },
      'All done.',
    ]);
    const result = await runAgent({
      model,
      registry,
      input: 'Add a note saying hi\nand nothing else',
      sessionId: 'ses-1',
      recorder: createConversationRecorder({ store, userId: 'ana', metadata: { source: 'test' } }),
    });
    expect(result.status).toBe('done');
    expect(await store.getSession('ses-1')).toMatchObject({
      userId: 'ana',
      title: 'Add a note saying hi',
      metadata: { source: 'test' },
      messageCount: 6,
    });
    const stored = await store.listMessages('ses-1');
    expect(
      stored.map(({ role, content, toolCalls, toolResults }) => ({ role, content, toolCalls, toolResults })),
    ).toEqual(
      result.messages.map((message) => ({
        role: message.role,
        content: message.content,
        toolCalls: message.role === 'assistant' ? message.toolCalls : undefined,
        toolResults: message.role === 'tool' ? message.toolResults : undefined,
      })),
    );
    expect(stored[4]?.toolResults?.[0]).toMatchObject({ toolCallId: 'c2', ok: false });
  });

  it('continues an existing session, leaves the input out when asked, and names messages by the hook', async () => {
    const store = createMemoryConversationStore();
    await store.createSession({ id: 'ses-2', userId: 'ana', title: 'Kept' });
    await store.appendMessage('ses-2', { role: 'user', content: 'stored by the caller' });
    const model = createScriptedModel(['Hello.']);
    await runAgent({
      model,
      registry,
      input: 'stored by the caller',
      sessionId: 'ses-2',
      recorder: createConversationRecorder({
        store,
        recordInput: false,
        messageId: (message, step) => (message.role === 'assistant' ? `answer-${step.step}` : undefined),
      }),
    });
    const stored = await store.listMessages('ses-2');
    expect(
      stored.map((message) => [message.id.startsWith('answer-') ? message.id : 'generated', message.content]),
    ).toEqual([
      ['generated', 'stored by the caller'],
      ['answer-1', 'Hello.'],
    ]);
    expect(await store.getSession('ses-2')).toMatchObject({ title: 'Kept' });
  });

  it('ensureSession creates once and answers the existing session afterwards', async () => {
    const store = createMemoryConversationStore();
    const [first, second] = await Promise.all([
      ensureSession(store, 'same', { userId: 'ana' }),
      ensureSession(store, 'same', { userId: 'ana' }),
    ]);
    expect(first.id).toBe('same');
    expect(second.id).toBe('same');
    expect((await store.listSessions()).sessions).toHaveLength(1);
    await expect(store.appendMessage('missing', { role: 'user', content: '' })).rejects.toBeInstanceOf(
      ConversationStoreError,
    );
  });

  it('titles a session by the first user message, shortened', () => {
    expect(titleOf([{ role: 'system', content: 'x' }])).toBeUndefined();
    expect(titleOf([{ role: 'user', content: `  ${'a'.repeat(100)}` }])).toBe(`${'a'.repeat(79)}…`);
  });
});
