// /agui pauses on an approval (RUN_FINISHED with an interrupt outcome) and resumes from `resume` entries, over a
// PGlite store that outlives a server restart. The model side replays Chat Completions streams built on a recording
// from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0); see replay-model.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRegistry, defineAction } from '@affordance/core';
import { HttpAgent } from '@ag-ui/client';
import type { RunFinishedEvent } from '@ag-ui/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../packages/server/src/create-server.js';
import { createPostgresStore, type PostgresStore } from '../../packages/store-postgres/src/index.js';
import type { RecordedJson } from '../support/replay-fixtures.js';
import {
  closeAll,
  expectValidStream,
  onCleanup,
  postAgui,
  replay,
  runOnce,
  serveAgui,
} from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);
const folder = mkdtempSync(join(tmpdir(), 'affordance-interrupts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const NOTE = { id: 'call_note', name: 'note_add', args: { text: 'rent' } };
const SEND = { id: 'call_send', name: 'money_send', args: { amount: 40 } };
const threeSteps = () => [
  replyFrames('A note first.', [NOTE]),
  replyFrames('Now the transfer.', [SEND]),
  replyFrames('Paid.'),
];

// A server over `store`: a note anyone adds, and a transfer a person approves; `sent` lists the transfers run.
async function open(
  store: PostgresStore,
  model: ServerOptions['model'],
  options: Partial<ServerOptions> = {},
) {
  const sent: number[] = [];
  const registry = createRegistry({
    store,
    actions: [
      defineAction({
        name: 'note_add',
        description: 'Add a note',
        input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } as const,
        handler: ({ text }) => `noted: ${text}`,
      }),
      defineAction({
        name: 'money_send',
        description: 'Send money',
        input: {
          type: 'object',
          properties: { amount: { type: 'number', maximum: 1000 } },
          required: ['amount'],
        } as const,
        approval: 'always',
        handler: ({ amount }) => {
          sent.push(amount);
          return `sent ${amount}`;
        },
      }),
    ],
  });
  const { url, close } = await serveAgui({ registry, conversations: store.conversations, model, ...options });
  return { url, sent, close, registry };
}

async function memoryStore() {
  const store = await createPostgresStore({ dataDir: 'memory://' });
  onCleanup(() => store.close());
  return store;
}

function agentFor(url: string, threadId: string, headers: Record<string, string> = {}) {
  const agent = new HttpAgent({ url, threadId, headers });
  agent.addMessage({ id: `${threadId}-u1`, role: 'user', content: 'Pay the rent' });
  return agent;
}

// The tool results the model was sent for one call id, in its last request.
function resultsSent(body: RecordedJson, toolCallId: string): string[] {
  return body.messages
    .filter((message: RecordedJson) => message.role === 'tool' && message.tool_call_id === toolCallId)
    .map((message: RecordedJson) => message.content);
}

const approve = (interruptId: string, payload: unknown = { approved: true }) => ({
  resume: [{ interruptId, status: 'resolved' as const, payload }],
});

describe('/agui interrupts', () => {
  it('pauses in the middle of a three-step run and resumes after a server restart; the model sees the result once', async () => {
    const model = await replay(threeSteps());
    const dataDir = join(folder, 'restart');
    const first = await createPostgresStore({ dataDir });
    const before = await open(first, model.model);
    const agent = agentFor(before.url, 'thread-restart');
    const paused = await runOnce(agent, { runId: 'run-1' });
    expect(paused.failure).toBeUndefined();
    await expectValidStream(paused.events);
    const finished = paused.events.at(-1) as RunFinishedEvent;
    expect(finished).toMatchObject({
      type: 'RUN_FINISHED',
      outcome: { type: 'interrupt', interrupts: [{ reason: 'approval', toolCallId: SEND.id }] },
      result: { status: 'interrupted', steps: 2 },
    });
    if (finished.outcome?.type !== 'interrupt') throw new Error('the run did not end with an interrupt');
    const interrupt = finished.outcome.interrupts[0]!;
    expect(interrupt.responseSchema).toMatchObject({ required: ['approved'] });
    expect(interrupt.metadata).toEqual({ action: 'money_send', args: { amount: 40 } });
    expect(paused.types.filter((type) => type === 'TOOL_CALL_RESULT')).toHaveLength(1);
    expect(agent.pendingInterrupts.map((pending) => pending.id)).toEqual([interrupt.id]);
    expect(before.sent).toEqual([]);

    // Restart: the server and its store close; a new registry and server open over the same folder.
    await before.close();
    await first.close();
    const second = await createPostgresStore({ dataDir });
    onCleanup(() => second.close());
    const after = await open(second, model.model);
    agent.url = after.url;
    const resumed = await runOnce(agent, { runId: 'run-2', ...approve(interrupt.id) });
    expect(resumed.failure).toBeUndefined();
    await expectValidStream(resumed.events);
    expect(resumed.events[1]).toMatchObject({
      type: 'TOOL_CALL_RESULT',
      toolCallId: SEND.id,
      content: 'sent 40',
    });
    expect(resumed.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    expect(after.sent).toEqual([40]);
    const last = model.server.requests.at(-1)!.body as RecordedJson;
    expect(resultsSent(last, SEND.id)).toEqual(['sent 40']);
    expect(resultsSent(last, NOTE.id)).toEqual(['noted: rent']);
    expect(agent.messages.filter((message) => message.role === 'tool')).toHaveLength(2);
    expect(agent.pendingInterrupts).toEqual([]);
    const stored = await second.conversations.listMessages('thread-restart');
    expect(stored.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('a deny goes back to the model, which recovers', async () => {
    const model = await replay([...threeSteps().slice(0, 2), replyFrames('I did not send it. What now?')]);
    const { url, sent } = await open(await memoryStore(), model.model);
    const agent = agentFor(url, 'thread-deny');
    const paused = await runOnce(agent);
    const id = agent.pendingInterrupts[0]!.id;
    const resumed = await runOnce(agent, approve(id, { approved: false, reason: 'wrong amount' }));
    await expectValidStream([...resumed.events]);
    expect(resumed.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    expect(sent).toEqual([]);
    const [denied] = resultsSent(model.server.requests.at(-1)!.body as RecordedJson, SEND.id);
    expect(denied).toContain('approval_denied');
    expect(denied).toContain('wrong amount');
    expect(paused.failure).toBeUndefined();
  });

  it('two tabs approving at once run the call once; the other gets RUN_ERROR already_resolved', async () => {
    const model = await replay([...threeSteps(), replyFrames('Paid.')]);
    const { url, sent } = await open(await memoryStore(), model.model);
    const agent = agentFor(url, 'thread-tabs');
    await runOnce(agent);
    const id = agent.pendingInterrupts[0]!.id;
    const tabs = await Promise.all(
      [0, 1].map(() => postAgui(url, { threadId: 'thread-tabs', ...approve(id) })),
    );
    const ends = tabs
      .map((tab) => tab.events.at(-1))
      .sort((a, b) => String(a?.type).localeCompare(String(b?.type)));
    expect(ends[0]).toMatchObject({ type: 'RUN_ERROR', code: 'already_resolved' });
    expect(ends[1]).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    expect(sent).toEqual([40]);
  });

  it('re-announces to a run without resume; refuses unknown, forged, replayed and cancelled resume entries, and another user’s interrupt', async () => {
    const model = await replay([...threeSteps(), replyFrames('Sending.', [SEND])]);
    const keys = {
      'key-alice': { id: 'alice', roles: ['admin'] },
      'key-bob': { id: 'bob', roles: ['admin'] },
      'key-carol': { id: 'carol', roles: [] },
    };
    const { url, sent, registry } = await open(await memoryStore(), model.model, {
      users: { keys },
      allowSelfApproval: true,
    });
    const as = (key: string) => ({ authorization: `Bearer ${key}` });
    const agent = agentFor(url, 'thread-abuse', as('key-alice'));
    await runOnce(agent);
    const id = agent.pendingInterrupts[0]!.id;
    const thread = { threadId: 'thread-abuse' };
    const lastOf = async (body: Record<string, unknown>, key = 'key-alice') =>
      (await postAgui(url, { ...thread, ...body }, as(key))).events.at(-1);

    // A run without `resume` on the paused thread (a client that lost its state) gets the interrupts again.
    const again = await postAgui(
      url,
      { ...thread, messages: [{ id: 'late', role: 'user', content: 'hello?' }] },
      as('key-alice'),
    );
    await expectValidStream(again.events);
    expect(again.events.map((event) => event.type)).toEqual(['RUN_STARTED', 'RUN_FINISHED']);
    expect(again.events[1]).toMatchObject({ outcome: { type: 'interrupt', interrupts: [{ id }] } });
    expect(await lastOf({ resume: [{ interruptId: id, status: 'resolved' }] })).toMatchObject({
      type: 'RUN_ERROR',
      code: 'invalid_decision',
    });
    expect(await lastOf(approve('apr_forged'))).toMatchObject({
      type: 'RUN_ERROR',
      code: 'unknown_interrupt',
    });
    expect(await lastOf(approve(id, { approved: 'yes' }))).toMatchObject({
      type: 'RUN_ERROR',
      code: 'invalid_decision',
    });
    expect(await lastOf(approve(id, { approved: true, editedArgs: { amount: 5000 } }))).toMatchObject({
      type: 'RUN_ERROR',
      code: 'invalid_decision',
    });
    expect(await lastOf(approve(id, { approved: true, runAs: 'admin' }))).toMatchObject({
      type: 'RUN_ERROR',
      code: 'invalid_decision',
    });
    // Bob may not use Alice's thread, and on his own thread Alice's interrupt is unknown to him.
    expect((await postAgui(url, { ...thread, ...approve(id) }, as('key-bob'))).status).toBe(403);
    expect(await lastOf({ threadId: 'thread-bob', ...approve(id) }, 'key-bob')).toMatchObject({
      type: 'RUN_ERROR',
      code: 'unknown_interrupt',
    });
    expect(sent).toEqual([]);

    expect(await lastOf(approve(id, { approved: true, editedArgs: { amount: 25 } }))).toMatchObject({
      type: 'RUN_FINISHED',
    });
    expect(sent).toEqual([25]);
    expect(await lastOf(approve(id))).toMatchObject({ type: 'RUN_ERROR', code: 'already_resolved' });
    expect(sent).toEqual([25]);

    // Carol's thread pauses too; she has no approver role, so she may cancel but not approve.
    const carol = agentFor(url, 'thread-carol', as('key-carol'));
    await runOnce(carol);
    const carolId = carol.pendingInterrupts[0]?.id;
    expect(carolId).toBeDefined();
    const carolLast = async (body: Record<string, unknown>) =>
      (await postAgui(url, { threadId: 'thread-carol', ...body }, as('key-carol'))).events.at(-1);
    expect(await carolLast(approve(carolId!))).toMatchObject({ type: 'RUN_ERROR', code: 'forbidden' });
    expect(await carolLast({ resume: [{ interruptId: carolId, status: 'cancelled' }] })).toMatchObject({
      type: 'RUN_ERROR',
      code: 'cancelled',
    });
    expect((await registry.approvals.get(carolId!))?.status).toBe('denied');
    expect(await carolLast(approve(carolId!))).toMatchObject({ type: 'RUN_ERROR', code: 'cancelled' });
    expect(sent).toEqual([25]);
  });

  it('on a keyed server an approver decides in the inbox, and the requester’s resume brings the call’s output to the model', async () => {
    const model = await replay([replyFrames('Sending.', [SEND]), replyFrames('It went through.')]);
    const keys = { 'key-carol': { id: 'carol', roles: [] }, 'key-admin': { id: 'admin', roles: ['admin'] } };
    const { url, sent } = await open(await memoryStore(), model.model, { users: { keys } });
    const carol = agentFor(url, 'thread-inbox', { authorization: 'Bearer key-carol' });
    await runOnce(carol);
    const id = carol.pendingInterrupts[0]!.id;
    const approvals = url.replace('/agui', `/api/approvals/${id}`);
    const decided = await fetch(approvals, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer key-admin' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(decided.status).toBe(200);
    expect(sent).toEqual([40]);
    const resumed = await runOnce(carol, approve(id));
    await expectValidStream(resumed.events);
    expect(resumed.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    expect(sent).toEqual([40]);
    const [seen] = resultsSent(model.server.requests.at(-1)!.body as RecordedJson, SEND.id);
    // The call's own output, decided in the inbox, reaches the model once.
    expect(seen).toBe('sent 40');
  });
});
