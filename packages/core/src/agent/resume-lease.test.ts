// The lease renewal of `resumeAgent` swallowed the store's errors: a resume whose store failed went on running calls
// after it could no longer hold the run. Now each failure is a `lease-error` event, and two in a row (the lease
// would lapse before the next try) stop the resume with `ResumeError('lease_lost')` before its next call.
import { describe, expect, it, vi } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { createMemoryStore, type Store } from '../ports/store.js';
import { createRegistry } from '../registry/create-registry.js';
import type { AgentEvent } from './agent-events.js';
import { ResumeError } from './interrupts.js';
import { resumeAgent } from './resume-agent.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

const alice = { id: 'alice' };
const LEASE_MS = 30;

/** A store whose lease renewals (moves `resuming` → `resuming` by the holder) throw while `failing()` says so. */
function failingRenewals(store: Store, failing: () => boolean): Store {
  return {
    ...store,
    agentRuns: {
      ...store.agentRuns,
      change: async (id, change) => {
        const renewal = change.status === 'resuming' && change.holder !== undefined;
        if (renewal && failing()) throw new Error('connection reset by the database');
        return store.agentRuns.change(id, change);
      },
    },
  };
}

/** Two transfers that need approval in one step; the first one's handler waits on `gate` before it returns. */
async function pausedTransfers() {
  const store = createMemoryStore();
  const ran: number[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const registryOver = (over: Store) =>
    createRegistry({
      store: over,
      actions: [
        defineAction({
          name: 'money_send',
          description: 'Send money',
          input: {
            type: 'object',
            properties: { amount: { type: 'number' } },
            required: ['amount'],
          } as const,
          approval: 'always',
          handler: async ({ amount }) => {
            ran.push(amount);
            if (amount === 1) await gate;
            return `sent ${amount}`;
          },
        }),
      ],
    });
  const paused = await runAgent({
    model: createScriptedModel([
      {
        text: 'Two transfers.',
        toolCalls: [
          { id: 'c1', name: 'money_send', args: { amount: 1 } },
          { id: 'c2', name: 'money_send', args: { amount: 2 } },
        ],
      },
    ]),
    registry: registryOver(store),
    input: 'Pay both',
    user: alice,
  });
  expect(paused.interrupts).toHaveLength(2);
  const decisions = paused.interrupts!.map((interrupt) => ({ interruptId: interrupt.id, approved: true }));
  // Resume with every call approved and a short lease over `over`; its events go to `events`.
  const resumeOver = (over: Store, model: ReturnType<typeof createScriptedModel>, events: AgentEvent[]) =>
    resumeAgent({
      model,
      registry: registryOver(over),
      runId: paused.runId,
      user: alice,
      leaseMs: LEASE_MS,
      decisions,
      onEvent: (event) => events.push(event),
    });
  return { store, ran, open, registryOver, paused, resumeOver };
}

describe('resumeAgent holds its lease or stops', () => {
  it('stops with lease_lost before its next call once two renewals in a row failed; a later resume finishes', async () => {
    const { store, ran, open, registryOver, paused, resumeOver } = await pausedTransfers();
    const events: AgentEvent[] = [];
    const model = createScriptedModel(['never reached']);
    const resume = resumeOver(
      failingRenewals(store, () => true),
      model,
      events,
    );
    const failures = () => events.filter((event) => event.type === 'lease-error');
    await vi.waitFor(() => expect(failures().length).toBeGreaterThanOrEqual(2), {
      timeout: 5_000,
      interval: 5,
    });
    open();
    const error = await resume.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(ResumeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'lease_lost' });
    expect((error as Error).message).toContain('connection reset by the database');
    expect(failures().slice(0, 2)).toEqual([
      expect.objectContaining({
        pausedRunId: paused.runId,
        failures: 1,
        error: 'connection reset by the database',
      }),
      expect.objectContaining({ pausedRunId: paused.runId, failures: 2 }),
    ]);
    // The call running when the lease was lost finished; the next one never started, and the model was not asked.
    expect(ran).toEqual([1]);
    expect(model.requests).toHaveLength(0);
    expect((await store.agentRuns.get(paused.runId))?.status).toBe('resuming');

    // Once the lease has run out, a resume over the healthy store takes over: the first transfer is not sent twice.
    const takeOver = createScriptedModel(['Both sent.']);
    await vi.waitFor(
      async () => {
        const run = await store.agentRuns.get(paused.runId);
        expect(Date.parse(run!.leaseUntil!)).toBeLessThan(Date.now());
      },
      { timeout: 5_000, interval: 10 },
    );
    const resumed = await resumeAgent({
      model: takeOver,
      registry: registryOver(store),
      runId: paused.runId,
      user: alice,
      decisions: [],
    });
    expect(resumed.status).toBe('done');
    expect(ran).toEqual([1, 2]);
  });

  it('goes on after one failed renewal (the lease still holds), and reports it', async () => {
    const { store, ran, open, paused, resumeOver } = await pausedTransfers();
    const events: AgentEvent[] = [];
    let failed = 0;
    const resume = resumeOver(
      failingRenewals(store, () => failed++ === 0),
      createScriptedModel(['Both sent.']),
      events,
    );
    // One failure, then a renewal that held: the lease was never lost.
    await vi.waitFor(() => expect(failed).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 5 });
    open();
    const result = await resume;
    expect(result.status).toBe('done');
    expect(ran).toEqual([1, 2]);
    expect(events.filter((event) => event.type === 'lease-error')).toEqual([
      {
        type: 'lease-error',
        runId: result.runId,
        pausedRunId: paused.runId,
        failures: 1,
        error: 'connection reset by the database',
      },
    ]);
    expect((await store.agentRuns.get(paused.runId))?.status).toBe('resumed');
  });

  it('counts a renewal the store never answers as failed, and stops the same way', async () => {
    const { store, ran, open, resumeOver } = await pausedTransfers();
    const events: AgentEvent[] = [];
    const hanging: Store = {
      ...store,
      agentRuns: {
        ...store.agentRuns,
        change: (id, change) =>
          change.status === 'resuming' && change.holder !== undefined
            ? new Promise<never>(() => {})
            : store.agentRuns.change(id, change),
      },
    };
    const resume = resumeOver(hanging, createScriptedModel(['never reached']), events);
    const failures = () => events.filter((event) => event.type === 'lease-error');
    await vi.waitFor(() => expect(failures()).toHaveLength(2), { timeout: 5_000, interval: 5 });
    open();
    await expect(resume).rejects.toMatchObject({ code: 'lease_lost' });
    expect(failures()[1]).toMatchObject({
      failures: 2,
      error: 'the store did not answer the last renewal in time',
    });
    expect(ran).toEqual([1]);
  });
});
