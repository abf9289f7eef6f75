// An action that needs approval and also asks for input (`ctx.ask`): once the person approved it and answered its
// question, the rerun with the answer asked for approval again. The approval given for that call now carries over
// to its reruns with answers (same paused run, same call, same user), and to nothing else. Memory store and PGlite.
import { createRegistry, defineAction, type Registry } from '@affordance/core';
import { type AgentResult, resumeAgent, runAgent } from '@affordance/core/agent';
import type { Store } from '@affordance/core/ports';
import { createScriptedModel } from '@affordance/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOpenedStores, STORE_KINDS } from '../support/store-kinds.js';

const alice = { id: 'alice' };
const STREET = { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] };
const FLOOR = { type: 'object', properties: { floor: { type: 'number' } }, required: ['floor'] };

// A shipment a person approves; its handler asks the street, then the floor. `shipped` counts real shipments.
function registryOver(store: Store, shipped: string[]): Registry {
  return createRegistry({
    store,
    actions: [
      defineAction({
        name: 'order_ship',
        description: 'Ship an order',
        input: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] } as const,
        approval: 'always',
        handler: ({ order }, ctx) => {
          const { street } = ctx.ask<{ street: string }>({ message: 'Which street?', schema: STREET });
          const { floor } = ctx.ask<{ floor: number }>({
            key: 'floor',
            message: 'Which floor?',
            schema: FLOOR,
          });
          shipped.push(`${order}@${street}/${floor}`);
          return `shipped ${order} to ${street}, floor ${floor}`;
        },
      }),
    ],
  });
}

afterAll(closeOpenedStores);

const only = (result: AgentResult) => {
  expect(result.status).toBe('interrupted');
  expect(result.interrupts).toHaveLength(1);
  return result.interrupts![0]!;
};

describe.each(STORE_KINDS)('an approved call that asks for input (%s)', (_name, openStore) => {
  it('runs with each answer under the approval already given, and asks for approval once', async () => {
    const store = await openStore();
    const shipped: string[] = [];
    const registry = registryOver(store, shipped);
    const options = { registry, user: alice };
    const paused = await runAgent({
      ...options,
      model: createScriptedModel([
        { text: 'Shipping.', toolCalls: [{ id: 's1', name: 'order_ship', args: { order: 'o-7' } }] },
      ]),
      input: 'Ship o-7',
    });
    const approval = only(paused);
    expect(approval.reason).toBe('approval');

    const approved = await resumeAgent({
      ...options,
      model: createScriptedModel(['never reached']),
      runId: paused.runId,
      decisions: [{ interruptId: approval.id, approved: true }],
    });
    const street = only(approved);
    expect(street).toMatchObject({ reason: 'input', key: 'input', toolCallId: 's1' });

    // Before the fix, the rerun with the answer paused on a new approval here.
    const answered = await resumeAgent({
      ...options,
      model: createScriptedModel(['never reached']),
      runId: approved.runId,
      decisions: [{ interruptId: street.id, answer: { street: '1 Main St' } }],
    });
    const floor = only(answered);
    expect(floor).toMatchObject({ reason: 'input', key: 'floor', toolCallId: 's1' });

    const model = createScriptedModel(['Shipped.']);
    const done = await resumeAgent({
      ...options,
      model,
      runId: answered.runId,
      decisions: [{ interruptId: floor.id, answer: { floor: 3 } }],
    });
    expect(done.status).toBe('done');
    expect(shipped).toEqual(['o-7@1 Main St/3']);
    expect((await store.approvals.list()).map((item) => item.id)).toEqual([approval.id]);
    const kept = await store.approvals.get(approval.id);
    expect(kept).toMatchObject({ status: 'done', decidedBy: 'alice' });
    expect(kept?.outcome?.modelOutput).toBe('shipped o-7 to 1 Main St, floor 3');
  });

  it('carries over to nothing else: a new call asks again, and the inbox refuses another user or a used approval', async () => {
    const store = await openStore();
    const shipped: string[] = [];
    const registry = registryOver(store, shipped);
    const resume = (
      runId: string,
      decisions: object[],
      replies: Parameters<typeof createScriptedModel>[0] = [],
    ) =>
      resumeAgent({
        registry,
        user: alice,
        model: createScriptedModel(replies),
        runId,
        decisions: decisions as [],
      });
    const paused = await runAgent({
      registry,
      user: alice,
      model: createScriptedModel([
        { text: 'Shipping.', toolCalls: [{ id: 's1', name: 'order_ship', args: { order: 'o-8' } }] },
      ]),
      input: 'Ship o-8 then o-9',
    });
    const first = only(paused);
    const asked = await resume(paused.runId, [{ interruptId: first.id, approved: true }]);
    const street = only(asked);

    // Straight to the inbox: another user, or no user, cannot run the call on alice's approval.
    const act = { by: 'mallory', answers: { input: { street: 'Evil Rd' } }, idempotencyKey: 'k-mallory' };
    for (const requester of [{ requester: { id: 'mallory' } }, {}, { requester: null }]) {
      const refused = await registry.approvals.answer(first.id, { ...act, ...requester });
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect((await store.approvals.get(first.id))?.status).toBe('failed');
    expect(shipped).toEqual([]);

    const answered = await resume(asked.runId, [{ interruptId: street.id, answer: { street: '2 Side St' } }]);
    const floor = only(answered);
    // The call is done; the model's next call of the same action is a new call, and asks for approval.
    const next = await resume(
      answered.runId,
      [{ interruptId: floor.id, answer: { floor: 1 } }],
      [{ text: 'And the next.', toolCalls: [{ id: 's2', name: 'order_ship', args: { order: 'o-9' } }] }],
    );
    expect(shipped).toEqual(['o-8@2 Side St/1']);
    const second = only(next);
    expect(second).toMatchObject({ reason: 'approval', toolCallId: 's2' });
    expect(second.id).not.toBe(first.id);

    // A used approval, and one nobody approved, carry over to nothing.
    const alices = {
      by: 'alice',
      requester: alice,
      answers: { input: { street: 'x' } },
      idempotencyKey: 'k-2',
    };
    await expect(registry.approvals.answer(first.id, alices)).rejects.toMatchObject({
      code: 'approval_not_pending',
    });
    await expect(registry.approvals.answer(second.id, alices)).rejects.toMatchObject({
      code: 'approval_not_pending',
    });
    await expect(registry.approvals.answer('apr_nope', alices)).rejects.toMatchObject({
      code: 'unknown_approval',
    });
    expect(shipped).toEqual(['o-8@2 Side St/1']);
  });
});
