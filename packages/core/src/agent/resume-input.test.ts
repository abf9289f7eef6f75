import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createMemoryStore, type Store } from '../ports/store.js';
import { createRegistry } from '../registry/create-registry.js';
import type { AgentMessage, ModelRequest } from './model-types.js';
import { resumeAgent } from './resume-agent.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

const alice = { id: 'alice' };
const ADDRESS = {
  type: 'object',
  properties: { street: { type: 'string', minLength: 3 } },
  required: ['street'],
  additionalProperties: false,
};
const CONFIRM = {
  type: 'object',
  properties: { sure: { type: 'boolean' } },
  required: ['sure'],
};

// An action that asks where to ship (and, with `confirm`, then asks to confirm); `shipped` counts real shipments.
function open(store: Store, shipped: string[]) {
  return createRegistry({
    store,
    actions: [
      defineAction({
        name: 'order_ship',
        description: 'Ship an order',
        input: {
          type: 'object',
          properties: { order: { type: 'string' }, confirm: { type: 'boolean' } },
          required: ['order'],
        } as const,
        handler: ({ order, confirm }, ctx) => {
          const { street } = ctx.ask<{ street: string }>({ message: 'Which street?', schema: ADDRESS });
          if (confirm) {
            const { sure } = ctx.ask<{ sure: boolean }>({
              key: 'confirm',
              message: `Ship ${order} to ${street}?`,
              schema: CONFIRM,
            });
            if (!sure) return 'not shipped';
          }
          shipped.push(`${order}@${street}`);
          return `shipped ${order} to ${street}`;
        },
      }),
    ],
  });
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

async function paused(confirm = false) {
  const store = createMemoryStore();
  const shipped: string[] = [];
  const model = createScriptedModel([
    { text: 'Shipping.', toolCalls: [{ id: 's1', name: 'order_ship', args: { order: 'o-7', confirm } }] },
  ]);
  const run = await runAgent({ model, registry: open(store, shipped), input: 'Ship o-7', user: alice });
  return { store, shipped, run };
}

describe('an action asks a person for input (ctx.ask) and the run pauses until they answer', () => {
  it('ends interrupted with the question and its schema, and a resume after a restart runs the call once with the answer', async () => {
    const { store, shipped, run } = await paused();
    expect(run.status).toBe('interrupted');
    expect(shipped).toEqual([]);
    const [interrupt] = run.interrupts ?? [];
    expect(interrupt).toMatchObject({
      reason: 'input',
      message: 'Which street?',
      toolCallId: 's1',
      name: 'order_ship',
      key: 'input',
      responseSchema: ADDRESS,
    });
    expect(interrupt!.id).toMatch(/^inp_/);
    // A new registry over the same store: another process.
    const model = createScriptedModel(['Shipped.']);
    const resumed = await resumeAgent({
      model,
      registry: open(store, shipped),
      runId: run.runId,
      user: alice,
      decisions: [{ interruptId: interrupt!.id, answer: { street: '1 Main St' } }],
    });
    expect(resumed).toMatchObject({ status: 'done', resumedFrom: run.runId });
    expect(shipped).toEqual(['o-7@1 Main St']);
    expect(resultsSeen(model.requests[0]!, 's1')).toEqual(['shipped o-7 to 1 Main St']);
    const replay = resumeAgent({
      model: createScriptedModel(['x']),
      registry: open(store, shipped),
      runId: run.runId,
      user: alice,
      decisions: [{ interruptId: interrupt!.id, answer: { street: '2 Other Rd' } }],
    });
    await expect(replay).rejects.toMatchObject({ code: 'already_resolved' });
    expect(shipped).toEqual(['o-7@1 Main St']);
  });

  it('refuses an answer outside the schema, a missing answer and another user, consuming nothing', async () => {
    const { store, shipped, run } = await paused();
    const registry = open(store, shipped);
    const interruptId = run.interrupts![0]!.id;
    const attempt = (decisions: never[] | object[], user = alice) =>
      resumeAgent({
        model: createScriptedModel(['x']),
        registry,
        runId: run.runId,
        user,
        decisions: decisions as never,
      });
    await expect(attempt([{ interruptId, answer: { street: 'x' } }])).rejects.toMatchObject({
      code: 'invalid_decision',
    });
    await expect(
      attempt([{ interruptId, answer: { street: '1 Main St', admin: true } }]),
    ).rejects.toMatchObject({ code: 'invalid_decision' });
    await expect(attempt([{ interruptId, approved: true }])).rejects.toMatchObject({
      code: 'invalid_decision',
    });
    await expect(attempt([])).rejects.toMatchObject({ code: 'missing_decision' });
    await expect(
      attempt([{ interruptId, answer: { street: '1 Main St' } }], { id: 'mallory' }),
    ).rejects.toMatchObject({ code: 'unknown_interrupt' });
    expect((await store.agentRuns.get(run.runId))?.status).toBe('interrupted');
    expect(shipped).toEqual([]);
    const ok = await attempt([{ interruptId, answer: { street: '1 Main St' } }]);
    expect(ok.status).toBe('done');
    expect(shipped).toEqual(['o-7@1 Main St']);
  });

  it('a call that asks a second question pauses again, keeping the first answer', async () => {
    const { store, shipped, run } = await paused(true);
    const registry = open(store, shipped);
    const first = await resumeAgent({
      model: createScriptedModel(['never asked']),
      registry,
      runId: run.runId,
      user: alice,
      decisions: [{ interruptId: run.interrupts![0]!.id, answer: { street: '1 Main St' } }],
    });
    expect(first.status).toBe('interrupted');
    expect(first.interrupts).toEqual([
      expect.objectContaining({ reason: 'input', key: 'confirm', message: 'Ship o-7 to 1 Main St?' }),
    ]);
    expect(shipped).toEqual([]);
    const model = createScriptedModel(['Done.']);
    const second = await resumeAgent({
      model,
      registry,
      runId: first.runId,
      user: alice,
      decisions: [{ interruptId: first.interrupts![0]!.id, answer: { sure: true } }],
    });
    expect(second.status).toBe('done');
    expect(shipped).toEqual(['o-7@1 Main St']);
    expect(resultsSeen(model.requests[0]!, 's1')).toEqual(['shipped o-7 to 1 Main St']);
  });

  it('a call run outside an agent gets input_required with the question', async () => {
    const registry = open(createMemoryStore(), []);
    const result = await registry.run({ name: 'order_ship', args: { order: 'o-1' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      code: 'input_required',
      details: { key: 'input', message: 'Which street?', responseSchema: ADDRESS },
    });
    const answered = await registry.run({
      name: 'order_ship',
      args: { order: 'o-1' },
      answers: { input: { street: '9 Elm' } },
    });
    expect(answered).toMatchObject({ ok: true, value: 'shipped o-1 to 9 Elm' });
  });
});
