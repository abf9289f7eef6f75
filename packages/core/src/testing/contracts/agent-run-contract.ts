import type { StoredAgentRun } from '../../ports/agent-run-store.js';
import type { ContractContext } from './contract-context.js';

/** The agent-runs port keeps a paused run's state as JSON, and lets exactly one of two racing resumes claim it. */
export function agentRunContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  const paused = (overrides: Partial<StoredAgentRun> = {}): StoredAgentRun => ({
    runId: unique('run'),
    sessionId: unique('session'),
    userId: unique('user'),
    status: 'interrupted',
    interruptIds: [unique('apr'), unique('apr')],
    state: {
      version: 1,
      step: 2,
      messages: [{ role: 'user', content: 'Pay «rent» 💸' }],
      nested: { a: [1, null] },
    },
    createdAt: '2031-02-03T04:05:06.789Z',
    updatedAt: '2031-02-03T04:05:06.789Z',
    ...overrides,
  });

  describe('agent runs', () => {
    it('gives back the stored run exactly, and undefined for an unknown id', async () => {
      const run = paused();
      const bare = paused({ userId: undefined });
      await store().agentRuns.create(run);
      await store().agentRuns.create(bare);
      expect(await store().agentRuns.get(run.runId)).toEqual(run);
      expect(await store().agentRuns.get(bare.runId)).toEqual(bare);
      expect(await store().agentRuns.get(unique('run'))).toBeUndefined();
    });

    it('lets one of two racing claims win, then only its holder moves the run on', async () => {
      const run = paused();
      await store().agentRuns.create(run);
      const claims = await Promise.all(
        ['a', 'b'].map((holder) =>
          store().agentRuns.change(run.runId, {
            from: ['interrupted'],
            status: 'resuming',
            newHolder: holder,
          }),
        ),
      );
      const won = claims.filter((claim) => claim !== undefined);
      expect(won).toHaveLength(1);
      expect(won[0]).toMatchObject({ status: 'resuming', state: run.state });
      const holder = won[0]!.holder!;
      const other = holder === 'a' ? 'b' : 'a';
      expect(
        await store().agentRuns.change(run.runId, { from: ['resuming'], status: 'resumed', holder: other }),
      ).toBeUndefined();
      expect(
        await store().agentRuns.change(run.runId, { from: ['resuming'], status: 'resumed', holder }),
      ).toMatchObject({ status: 'resumed', holder });
      expect(
        await store().agentRuns.change(run.runId, { from: ['interrupted'], status: 'cancelled' }),
      ).toBeUndefined();
      expect(
        await store().agentRuns.change(unique('run'), { from: ['interrupted'], status: 'cancelled' }),
      ).toBeUndefined();
    });

    it('holds a resuming run on a lease: another resume takes it over only once the lease ran out', async () => {
      const run = paused();
      await store().agentRuns.create(run);
      const decisions = [{ interruptId: run.interruptIds[0]!, approved: true, reason: 'ok «yes»' }];
      const claimed = await store().agentRuns.change(run.runId, {
        from: ['interrupted'],
        status: 'resuming',
        newHolder: 'a',
        leaseMs: 60_000,
        decisions,
      });
      expect(claimed).toMatchObject({ status: 'resuming', holder: 'a', decisions });
      expect(Date.parse(claimed!.leaseUntil!)).toBeGreaterThan(Date.parse(claimed!.updatedAt));
      const takeOver = {
        from: ['resuming'],
        status: 'resuming',
        newHolder: 'b',
        leaseMs: 60_000,
        expired: true,
      };
      expect(await store().agentRuns.change(run.runId, takeOver as never)).toBeUndefined();
      // The holder renews with no time left: the lease has run out at once.
      expect(
        await store().agentRuns.change(run.runId, {
          from: ['resuming'],
          status: 'resuming',
          holder: 'a',
          leaseMs: 0,
        }),
      ).toMatchObject({ holder: 'a' });
      const taken = await store().agentRuns.change(run.runId, takeOver as never);
      expect(taken).toMatchObject({ status: 'resuming', holder: 'b', decisions });
      expect(
        await store().agentRuns.change(run.runId, { from: ['resuming'], status: 'resumed', holder: 'a' }),
      ).toBeUndefined();
      const done = await store().agentRuns.change(run.runId, {
        from: ['resuming'],
        status: 'resumed',
        holder: 'b',
      });
      expect(done).toMatchObject({ status: 'resumed', holder: 'b', decisions });
      expect(done?.leaseUntil).toBeUndefined();
      expect(await store().agentRuns.get(run.runId)).toEqual(done);
    });

    it('lists a session’s runs oldest first, by status', async () => {
      const sessionId = unique('session');
      const first = paused({ sessionId });
      const second = paused({ sessionId });
      await store().agentRuns.create(first);
      await store().agentRuns.create(second);
      await store().agentRuns.create(paused());
      await store().agentRuns.change(first.runId, { from: ['interrupted'], status: 'cancelled' });
      const all = await store().agentRuns.list({ sessionId });
      expect(all.map((run) => run.runId)).toEqual([first.runId, second.runId]);
      const open = await store().agentRuns.list({ sessionId, status: ['interrupted'] });
      expect(open.map((run) => run.runId)).toEqual([second.runId]);
    });
  });
}
