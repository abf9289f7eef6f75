// /agui with an action that needs approval and then asks for input (`ctx.ask`): the person approves, answers the
// question, and the call runs with the answer under that approval; before, the answer paused the thread on a second
// approval of the same call. The model side replays Chat Completions streams (see replay-model.ts).
import { createRegistry } from '@affordance/core';
import { HttpAgent } from '@ag-ui/client';
import type { RunFinishedEvent } from '@ag-ui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../packages/store-postgres/src/index.js';
import {
  askingShip,
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

const SHIP = { id: 'call_ship', name: 'order_ship', args: { order: 'o-7' } };
const STREET = { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] };
// Alice decides her own approvals here (an admin, `allowSelfApproval`); Bob may not.
const KEYS = { 'key-alice': { id: 'alice', roles: ['admin'] }, 'key-bob': { id: 'bob', roles: [] } };
const as = (key: string) => ({ authorization: `Bearer ${key}` });
const resolved = (interruptId: string, payload: unknown) => ({
  resume: [{ interruptId, status: 'resolved' as const, payload }],
});

describe('/agui: an approved call that asks for input', () => {
  it('runs with the answer under the approval given; nobody else answers it', async () => {
    const model = await replay([replyFrames('Shipping.', [SHIP]), replyFrames('Shipped.')]);
    const store = await createPostgresStore({ dataDir: 'memory://' });
    onCleanup(() => store.close());
    const shipped: string[] = [];
    const registry = createRegistry({
      store,
      actions: [askingShip(STREET, shipped, { approval: 'always' })],
    });
    const { url } = await serveAgui({
      registry,
      conversations: store.conversations,
      model: model.model,
      users: { keys: KEYS },
      allowSelfApproval: true,
    });
    const agent = new HttpAgent({ url, threadId: 'thread-ship', headers: as('key-alice') });
    agent.addMessage({ id: 'u1', role: 'user', content: 'Ship o-7' });
    const interruptOf = (events: readonly unknown[]) =>
      (events.at(-1) as RunFinishedEvent & { outcome: { interrupts: Array<Record<string, unknown>> } })
        .outcome.interrupts;

    const paused = await runOnce(agent);
    await expectValidStream(paused.events);
    const [approval] = interruptOf(paused.events);
    expect(approval).toMatchObject({ reason: 'approval', toolCallId: SHIP.id });

    const approved = await runOnce(agent, resolved(approval!.id as string, { approved: true }));
    await expectValidStream(approved.events);
    const [question] = interruptOf(approved.events);
    expect(question).toMatchObject({ reason: 'input', message: 'Which street?', toolCallId: SHIP.id });
    expect(shipped).toEqual([]);

    // Bob cannot answer alice's question: her thread is refused (403), on his own the interrupt is not his.
    const theirs = await postAgui(
      url,
      { threadId: 'thread-ship', ...resolved(question!.id as string, { street: 'Evil Rd' }) },
      as('key-bob'),
    );
    expect(theirs.status).toBe(403);
    const own = await postAgui(
      url,
      { threadId: 'thread-bob', ...resolved(question!.id as string, { street: 'Evil Rd' }) },
      as('key-bob'),
    );
    expect(own.events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'unknown_interrupt' });
    expect(shipped).toEqual([]);

    const answered = await runOnce(agent, resolved(question!.id as string, { street: '1 Main St' }));
    expect(answered.failure).toBeUndefined();
    await expectValidStream(answered.events);
    expect(answered.events).toContainEqual(
      expect.objectContaining({
        type: 'TOOL_CALL_RESULT',
        toolCallId: SHIP.id,
        content: 'shipped o-7 to 1 Main St',
      }),
    );
    expect(answered.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    expect(shipped).toEqual(['o-7@1 Main St']);
    expect(await registry.approvals.list()).toEqual([
      expect.objectContaining({ id: approval!.id, status: 'done', decidedBy: 'alice' }),
    ]);
  });
});
