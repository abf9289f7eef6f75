import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createMemoryStore, type Store } from '../ports/store.js';
import { createRegistry } from '../registry/create-registry.js';
import { ResumeError } from './interrupts.js';
import type { AgentMessage, ModelRequest } from './model-types.js';
import { cancelAgentRun } from './paused-runs.js';
import { resumeAgent } from './resume-agent.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel, type ScriptedReply } from './testing/create-scripted-model.js';

const alice = { id: 'alice' };

// A registry over `store`: a note action anyone runs, and a transfer a person must approve.
function open(store: Store, ran: unknown[]) {
  return createRegistry({
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
          ran.push(amount);
          return `sent ${amount}`;
        },
      }),
    ],
  });
}

const threeSteps: ScriptedReply[] = [
  { text: 'A note first.', toolCalls: [{ id: 'c1', name: 'note_add', args: { text: 'rent' } }] },
  { text: 'Now the transfer.', toolCalls: [{ id: 'c2', name: 'money_send', args: { amount: 40 } }] },
  'Paid.',
];

// Every tool result the model was shown for one call id, over all its requests' last message lists.
function resultsSeen(request: ModelRequest, toolCallId: string): string[] {
  return request.messages.flatMap((message: AgentMessage) =>
    message.role === 'tool'
      ? message.toolResults
          .filter((result) => result.toolCallId === toolCallId)
          .map((result) => result.output)
      : [],
  );
}

async function pausedRun() {
  const store = createMemoryStore();
  const ran: unknown[] = [];
  const model = createScriptedModel(threeSteps);
  const registry = open(store, ran);
  const paused = await runAgent({ model, registry, input: 'Pay the rent', user: alice });
  return { store, ran, model, paused };
}

describe('runAgent pauses on an approval and resumeAgent continues', () => {
  it('ends interrupted in the middle of a three-step run, then a new registry over the store resumes it once', async () => {
    const { store, ran, paused } = await pausedRun();
    expect(paused.status).toBe('interrupted');
    expect(paused.steps).toBe(2);
    expect(ran).toEqual([]);
    const [interrupt] = paused.interrupts ?? [];
    expect(interrupt).toMatchObject({
      reason: 'approval',
      toolCallId: 'c2',
      name: 'money_send',
      args: { amount: 40 },
    });
    const stored = await store.agentRuns.get(paused.runId);
    expect(stored).toMatchObject({ status: 'interrupted', userId: 'alice', interruptIds: [interrupt!.id] });
    expect(JSON.parse(JSON.stringify(stored!.state))).toEqual(stored!.state);

    // "Restart": a new registry and a new model object over the same store; the model continues at step 3.
    const model = createScriptedModel([threeSteps[2]!]);
    const resumed = await resumeAgent({
      model,
      registry: open(store, ran),
      runId: paused.runId,
      user: alice,
      decisions: [{ interruptId: interrupt!.id, approved: true }],
    });
    expect(resumed).toMatchObject({ status: 'done', text: 'Paid.', steps: 3, resumedFrom: paused.runId });
    expect(ran).toEqual([40]);
    expect(resultsSeen(model.requests[0]!, 'c2')).toEqual(['sent 40']);
    expect(resultsSeen(model.requests[0]!, 'c1')).toEqual(['noted: rent']);
    expect((await store.agentRuns.get(paused.runId))?.status).toBe('resumed');
  });

  it('a deny gives the model the refusal, and it recovers', async () => {
    const { store, ran, paused } = await pausedRun();
    const model = createScriptedModel(['I will not send it; tell me what to do instead.']);
    const resumed = await resumeAgent({
      model,
      registry: open(store, ran),
      runId: paused.runId,
      user: alice,
      decisions: [{ interruptId: paused.interrupts![0]!.id, approved: false, reason: 'wrong amount' }],
    });
    expect(resumed.status).toBe('done');
    expect(ran).toEqual([]);
    const [output] = resultsSeen(model.requests[0]!, 'c2');
    expect(output).toContain('approval_denied');
    expect(output).toContain('wrong amount');
  });

  it('runs edited arguments, checked against the schema before anything runs', async () => {
    const { store, ran, paused } = await pausedRun();
    const registry = open(store, ran);
    const interruptId = paused.interrupts![0]!.id;
    const base = { registry, runId: paused.runId, user: alice };
    await expect(
      resumeAgent({
        ...base,
        model: createScriptedModel([]),
        decisions: [{ interruptId, approved: true, editedArgs: { amount: 5000 } }],
      }),
    ).rejects.toMatchObject({ code: 'invalid_decision' });
    expect((await store.agentRuns.get(paused.runId))?.status).toBe('interrupted');
    const model = createScriptedModel(['Paid 25.']);
    await resumeAgent({
      ...base,
      model,
      decisions: [{ interruptId, approved: true, editedArgs: { amount: 25 } }],
    });
    expect(ran).toEqual([25]);
    expect(resultsSeen(model.requests[0]!, 'c2')).toEqual(['sent 25']);
  });

  it('two resumes at once (two tabs) run the call once; the loser is already_resolved', async () => {
    const { store, ran, paused } = await pausedRun();
    const decisions = [{ interruptId: paused.interrupts![0]!.id, approved: true }];
    const tabs = await Promise.allSettled(
      [0, 1].map(() =>
        resumeAgent({
          model: createScriptedModel(['Paid.']),
          registry: open(store, ran),
          runId: paused.runId,
          user: alice,
          decisions,
        }),
      ),
    );
    expect(tabs.map((tab) => tab.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = tabs.find((tab) => tab.status === 'rejected') as PromiseRejectedResult;
    expect(ResumeError.isInstance(lost.reason) && lost.reason.code).toBe('already_resolved');
    expect(ran).toEqual([40]);
  });

  it('refuses a replay, another user, an unknown or a missing interrupt, and a cancelled run', async () => {
    const { store, ran, paused } = await pausedRun();
    const registry = open(store, ran);
    const interruptId = paused.interrupts![0]!.id;
    const attempt = (extra: object) =>
      resumeAgent({
        model: createScriptedModel(['Paid.']),
        registry,
        runId: paused.runId,
        user: alice,
        decisions: [{ interruptId, approved: true }],
        ...extra,
      });
    await expect(attempt({ user: { id: 'mallory' } })).rejects.toMatchObject({ code: 'unknown_interrupt' });
    await expect(attempt({ user: undefined })).rejects.toMatchObject({ code: 'unknown_interrupt' });
    await expect(
      attempt({ decisions: [{ interruptId: 'apr_forged', approved: true }] }),
    ).rejects.toMatchObject({
      code: 'unknown_interrupt',
    });
    await expect(attempt({ decisions: [] })).rejects.toMatchObject({ code: 'missing_decision' });
    await attempt({});
    await expect(attempt({})).rejects.toMatchObject({ code: 'already_resolved' });
    expect(ran).toEqual([40]);

    const other = await pausedRun();
    await cancelAgentRun({ registry: open(other.store, other.ran), runId: other.paused.runId, user: alice });
    const again = resumeAgent({
      model: createScriptedModel(['Paid.']),
      registry: open(other.store, other.ran),
      runId: other.paused.runId,
      user: alice,
      decisions: [{ interruptId: other.paused.interrupts![0]!.id, approved: true }],
    });
    await expect(again).rejects.toMatchObject({ code: 'cancelled' });
    expect(other.ran).toEqual([]);
    expect((await other.store.approvals.get(other.paused.interrupts![0]!.id))?.status).toBe('denied');
  });

  it('an approval decided in the inbox meanwhile: the resume gives the model its output once, and nothing runs twice', async () => {
    const { store, ran, paused } = await pausedRun();
    const registry = open(store, ran);
    const interruptId = paused.interrupts![0]!.id;
    await registry.approvals.approve(interruptId, { by: 'admin' });
    expect(ran).toEqual([40]);
    const model = createScriptedModel(['It was sent.']);
    const resumed = await resumeAgent({
      model,
      registry,
      runId: paused.runId,
      user: alice,
      decisions: [{ interruptId, approved: true }],
    });
    expect(resumed.status).toBe('done');
    expect(ran).toEqual([40]);
    expect(resultsSeen(model.requests[0]!, 'c2')).toEqual(['sent 40']);
  });

  it('a resume without a decision for an item decided in the inbox picks that decision up; a pending one is still missing', async () => {
    const { store, ran, paused } = await pausedRun();
    const registry = open(store, ran);
    const interruptId = paused.interrupts![0]!.id;
    const early = resumeAgent({
      model: createScriptedModel(['x']),
      registry,
      runId: paused.runId,
      user: alice,
      decisions: [],
    });
    await expect(early).rejects.toMatchObject({ code: 'missing_decision' });
    await registry.approvals.deny(interruptId, { by: 'admin', reason: 'over budget' });
    const model = createScriptedModel(['I will not send it.']);
    const resumed = await resumeAgent({ model, registry, runId: paused.runId, user: alice, decisions: [] });
    expect(resumed.status).toBe('done');
    expect(ran).toEqual([]);
    const seen = resultsSeen(model.requests[0]!, 'c2');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('over budget');
    const again = resumeAgent({ model, registry, runId: paused.runId, user: alice, decisions: [] });
    await expect(again).rejects.toMatchObject({ code: 'already_resolved' });
  });
});
