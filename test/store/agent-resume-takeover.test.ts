import { createRegistry, defineAction, type Registry } from '@affordance/core';
import {
  type AgentMessage,
  createMemorySessionRecorder,
  type ModelRequest,
  resumeAgent,
  runAgent,
} from '@affordance/core/agent';
import type { Store } from '@affordance/core/ports';
import { createScriptedModel } from '@affordance/core/testing';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeOpenedStores, STORE_KINDS } from '../support/store-kinds.js';

// A resume whose process stops midway leaves its run `resuming`. Here the process is "killed" in place: from a chosen
// moment on, its writes to the approvals and the agent runs never land (they hang, or the lease renewal is refused),
// as if the process were gone. Another registry over the same store then takes the run over once the leases ran out.

// Long enough never to run out by itself on a loaded machine: the test ends a lease itself (`leaseRunsOut`).
const LEASE_MS = 60_000;
const alice = { id: 'alice' };

function registryOver(store: Store, ran: number[]): Registry {
  return createRegistry({
    store,
    approvalLeaseMs: 30,
    idempotencyLeaseMs: 30,
    actions: [
      defineAction({
        name: 'order_ship',
        description: 'Ship an order',
        input: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] } as const,
        handler: ({ order }, ctx) => {
          const { street } = ctx.ask<{ street: string }>({
            message: 'Which street?',
            schema: { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] },
          });
          ran.push(order.length);
          return `shipped ${order} to ${street}`;
        },
      }),
      defineAction({
        name: 'money_send',
        description: 'Send money',
        input: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } as const,
        approval: 'always',
        handler: ({ amount }) => {
          ran.push(amount);
          return `sent ${amount}`;
        },
      }),
    ],
  });
}

/**
 * The store as a process that dies sees it: at `kill()`, or when it is about to settle a call's approval (the call
 * ran, its outcome is not recorded on the approval yet) with `killBeforeSettle()`. Afterwards its approval moves
 * hang and its run moves (the lease renewals) are refused.
 */
function dying(store: Store): { store: Store; killBeforeSettle: () => void } {
  let killed = false;
  let killOnSettle = false;
  const never = new Promise<never>(() => {});
  const wrapped: Store = {
    ...store,
    approvals: {
      ...store.approvals,
      change: (id, change) => {
        if (killOnSettle && ['done', 'failed', 'interrupted'].includes(change.status)) killed = true;
        return killed ? never : store.approvals.change(id, change);
      },
    },
    agentRuns: {
      ...store.agentRuns,
      change: async (id, change) => (killed ? undefined : store.agentRuns.change(id, change)),
    },
  };
  return {
    store: wrapped,
    killBeforeSettle: () => {
      killOnSettle = true;
    },
  };
}

function resultsSeen(request: ModelRequest, toolCallId: string): string[] {
  return request.messages.flatMap((message: AgentMessage) =>
    message.role === 'tool'
      ? message.toolResults
          .filter((result) => result.toolCallId === toolCallId)
          .map((result) => result.output)
      : [],
  );
}

async function pause(store: Store, ran: number[]) {
  const model = createScriptedModel([
    { text: 'Sending.', toolCalls: [{ id: 'c1', name: 'money_send', args: { amount: 40 } }] },
  ]);
  const paused = await runAgent({ model, registry: registryOver(store, ran), input: 'Pay', user: alice });
  expect(paused.status).toBe('interrupted');
  return paused;
}

/**
 * The run's lease runs out: after the approval and idempotency leases (30 ms) have surely lapsed, the run's own
 * lease is set into the past through the store, as its holder would find it once its time was up. Waiting longer
 * only makes every lease more expired, so nothing here depends on how fast the machine is.
 */
async function leaseRunsOut(store: Store, runId: string) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const run = await store.agentRuns.get(runId);
  expect(run?.status).toBe('resuming');
  const ended = await store.agentRuns.change(runId, {
    from: ['resuming'],
    status: 'resuming',
    ...(run?.holder !== undefined ? { holder: run.holder } : {}),
    leaseMs: -1_000,
  });
  expect(Date.parse(ended!.leaseUntil!)).toBeLessThan(Date.now());
}

afterAll(closeOpenedStores);

describe.each(STORE_KINDS)('a resume that stops midway is taken over (%s)', (_name, openStore) => {
  it('after the call ran but before it was settled: the take-over replays its outcome, the model sees it once', async () => {
    const store = await openStore();
    const ran: number[] = [];
    const paused = await pause(store, ran);
    const interruptId = paused.interrupts![0]!.id;
    const first = dying(store);
    first.killBeforeSettle();
    const firstModel = createScriptedModel(['never reached']);
    // Abandoned: it never finishes, like a process that was killed.
    void resumeAgent({
      model: firstModel,
      registry: registryOver(first.store, ran),
      runId: paused.runId,
      user: alice,
      leaseMs: LEASE_MS,
      decisions: [{ interruptId, approved: true }],
    });
    await vi.waitFor(() => expect(ran).toEqual([40]), { timeout: 5_000, interval: 5 });
    const early = resumeAgent({
      model: createScriptedModel(['x']),
      registry: registryOver(store, ran),
      runId: paused.runId,
      user: alice,
      decisions: [{ interruptId, approved: true }],
    });
    await expect(early).rejects.toMatchObject({ code: 'already_resolved' });
    await leaseRunsOut(store, paused.runId);
    const model = createScriptedModel(['Sent.']);
    // The take-over needs no decisions: the first resume's stand.
    const resumed = await resumeAgent({
      model,
      registry: registryOver(store, ran),
      runId: paused.runId,
      user: alice,
      leaseMs: LEASE_MS,
      decisions: [],
    });
    expect(resumed).toMatchObject({ status: 'done', resumedFrom: paused.runId });
    expect(ran).toEqual([40]);
    expect(firstModel.requests).toHaveLength(0);
    expect(resultsSeen(model.requests[0]!, 'c1')).toEqual(['sent 40']);
    expect((await store.agentRuns.get(paused.runId))?.status).toBe('resumed');
    expect((await store.approvals.get(interruptId))?.status).toBe('done');
    const replay = resumeAgent({
      model: createScriptedModel(['x']),
      registry: registryOver(store, ran),
      runId: paused.runId,
      user: alice,
      decisions: [],
    });
    await expect(replay).rejects.toMatchObject({ code: 'already_resolved' });
  });

  it('right after the claim: the take-over applies the first decision (a deny stays a deny), nothing runs', async () => {
    const store = await openStore();
    const ran: number[] = [];
    const paused = await pause(store, ran);
    const interruptId = paused.interrupts![0]!.id;
    // Claimed by a resume that died at once: the run is `resuming` with its decisions and a lease nobody renews.
    const claimed = await store.agentRuns.change(paused.runId, {
      from: ['interrupted'],
      status: 'resuming',
      newHolder: 'run_dead',
      leaseMs: 0,
      decisions: [{ interruptId, approved: false, reason: 'not this month' }],
    });
    expect(claimed?.status).toBe('resuming');
    const mallory = resumeAgent({
      model: createScriptedModel(['x']),
      registry: registryOver(store, ran),
      runId: paused.runId,
      user: { id: 'mallory' },
      decisions: [],
    });
    await expect(mallory).rejects.toMatchObject({ code: 'unknown_interrupt' });
    const model = createScriptedModel(['Not sent.']);
    const resumed = await resumeAgent({
      model,
      registry: registryOver(store, ran),
      runId: paused.runId,
      user: alice,
      decisions: [{ interruptId, approved: true }],
    });
    expect(resumed.status).toBe('done');
    expect(ran).toEqual([]);
    expect(resultsSeen(model.requests[0]!, 'c1')[0]).toContain('not this month');
    expect((await store.approvals.get(interruptId))?.status).toBe('denied');
  });

  it('a resume that stalls and loses its lease stops before recording; the take-over replays the answered call once', async () => {
    const store = await openStore();
    const ran: number[] = [];
    const recorder = createMemorySessionRecorder();
    const model = createScriptedModel([
      { text: 'Shipping.', toolCalls: [{ id: 's1', name: 'order_ship', args: { order: 'o-7' } }] },
    ]);
    const paused = await runAgent({
      model,
      registry: registryOver(store, ran),
      input: 'Ship',
      user: alice,
      recorder,
    });
    expect(paused.interrupts?.[0]?.reason).toBe('input');
    const interruptId = paused.interrupts![0]!.id;
    // The stalled process: its lease renewals fail, and its move to `resumed` waits until `wake`.
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const stalled: Store = {
      ...store,
      agentRuns: {
        ...store.agentRuns,
        change: async (id, change) => {
          if (change.status === 'resuming' && change.holder !== undefined) return undefined;
          if (change.status === 'resumed') await woken;
          return store.agentRuns.change(id, change);
        },
      },
    };
    const slowModel = createScriptedModel(['never reached']);
    const slow = resumeAgent({
      model: slowModel,
      registry: registryOver(stalled, ran),
      runId: paused.runId,
      user: alice,
      leaseMs: LEASE_MS,
      recorder,
      decisions: [{ interruptId, answer: { street: '1 Main St' } }],
    });
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 5_000, interval: 5 });
    await leaseRunsOut(store, paused.runId);
    const takeOverModel = createScriptedModel(['Shipped.']);
    const resumed = await resumeAgent({
      model: takeOverModel,
      registry: registryOver(store, ran),
      runId: paused.runId,
      user: alice,
      recorder,
      decisions: [],
    });
    expect(resumed.status).toBe('done');
    wake();
    await expect(slow).rejects.toMatchObject({ code: 'already_resolved' });
    expect(ran).toHaveLength(1);
    expect(slowModel.requests).toHaveLength(0);
    expect(resultsSeen(takeOverModel.requests[0]!, 's1')).toEqual(['shipped o-7 to 1 Main St']);
    const results = recorder
      .messages(paused.sessionId)
      .flatMap((message) => (message.role === 'tool' ? message.toolResults : []))
      .filter((result) => result.toolCallId === 's1');
    expect(results).toHaveLength(1);
  });
});
