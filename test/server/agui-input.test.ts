// /agui pauses on an action that asks the person for input (`ctx.ask`): RUN_FINISHED with an interrupt whose reason
// is `input` and whose responseSchema is the action's; the next run's `resume` payload is the answer. The model side
// replays Chat Completions streams (see replay-model.ts).
import { createRegistry } from '@affordance/core';
import { HttpAgent } from '@ag-ui/client';
import type { RunFinishedEvent } from '@ag-ui/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../packages/server/src/create-server.js';
import { createPostgresStore } from '../../packages/store-postgres/src/index.js';
import type { RecordedJson } from '../support/replay-fixtures.js';
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
const ADDRESS = {
  type: 'object',
  properties: { street: { type: 'string', minLength: 3 } },
  required: ['street'],
  additionalProperties: false,
};

async function open(model: ServerOptions['model'], options: Partial<ServerOptions> = {}) {
  const store = await createPostgresStore({ dataDir: 'memory://' });
  onCleanup(() => store.close());
  const shipped: string[] = [];
  const registry = createRegistry({ store, actions: [askingShip(ADDRESS, shipped)] });
  const { url } = await serveAgui({ registry, conversations: store.conversations, model, ...options });
  return { url, shipped };
}

const answer = (interruptId: string, payload: unknown) => ({
  resume: [{ interruptId, status: 'resolved' as const, payload }],
});

describe('/agui input interrupts', () => {
  it('asks with the action’s schema, refuses answers outside it, another user and replays; the answer runs the call once', async () => {
    const model = await replay([replyFrames('Shipping.', [SHIP]), replyFrames('Shipped.')]);
    const keys = { 'key-alice': { id: 'alice', roles: [] }, 'key-bob': { id: 'bob', roles: [] } };
    const { url, shipped } = await open(model.model, { users: { keys } });
    const as = (key: string) => ({ authorization: `Bearer ${key}` });
    const agent = new HttpAgent({ url, threadId: 'thread-ship', headers: as('key-alice') });
    agent.addMessage({ id: 'u1', role: 'user', content: 'Ship o-7' });
    const paused = await runOnce(agent);
    expect(paused.failure).toBeUndefined();
    await expectValidStream(paused.events);
    const finished = paused.events.at(-1) as RunFinishedEvent;
    expect(finished).toMatchObject({
      type: 'RUN_FINISHED',
      outcome: {
        type: 'interrupt',
        interrupts: [
          { reason: 'input', message: 'Which street?', toolCallId: SHIP.id, responseSchema: ADDRESS },
        ],
      },
    });
    const id = agent.pendingInterrupts[0]!.id;
    expect(shipped).toEqual([]);

    const lastOf = async (body: Record<string, unknown>, key = 'key-alice') =>
      (await postAgui(url, { threadId: 'thread-ship', ...body }, as(key))).events.at(-1);
    expect(await lastOf(answer(id, { street: 'x' }))).toMatchObject({
      type: 'RUN_ERROR',
      code: 'invalid_decision',
    });
    expect(await lastOf(answer(id, { street: '1 Main St', extra: true }))).toMatchObject({
      type: 'RUN_ERROR',
      code: 'invalid_decision',
    });
    expect(await lastOf({ resume: [{ interruptId: id, status: 'resolved' }] })).toMatchObject({
      type: 'RUN_ERROR',
      code: 'invalid_decision',
    });
    expect(
      await lastOf({ threadId: 'thread-bob', ...answer(id, { street: '1 Main St' }) }, 'key-bob'),
    ).toMatchObject({ type: 'RUN_ERROR', code: 'unknown_interrupt' });
    expect(shipped).toEqual([]);

    const resumed = await runOnce(agent, answer(id, { street: '1 Main St' }));
    expect(resumed.failure).toBeUndefined();
    await expectValidStream(resumed.events);
    expect(resumed.events[1]).toMatchObject({
      type: 'TOOL_CALL_RESULT',
      toolCallId: SHIP.id,
      content: 'shipped o-7 to 1 Main St',
    });
    expect(resumed.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    expect(shipped).toEqual(['o-7@1 Main St']);
    const last = model.server.requests.at(-1)!.body as RecordedJson;
    const seen = last.messages.filter(
      (message: RecordedJson) => message.role === 'tool' && message.tool_call_id === SHIP.id,
    );
    expect(seen.map((message: RecordedJson) => message.content)).toEqual(['shipped o-7 to 1 Main St']);
    expect(await lastOf(answer(id, { street: '2 Other Rd' }))).toMatchObject({
      type: 'RUN_ERROR',
      code: 'already_resolved',
    });
    expect(shipped).toEqual(['o-7@1 Main St']);
  });
});
