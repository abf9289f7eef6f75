import { createRegistry, defineAction } from '@affordance/core';
import { Agent, RunContext, run, setTracingDisabled } from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AffordanceRunContext } from './agents-context.js';
import { agentsTools } from './agents-tools.js';
import { callsTool, ScriptedModel, says } from './scripted-model.fixture.js';

beforeAll(() => setTracingDisabled(true));

const ana = { id: 'ana', roles: ['editor'] };

/** A transfer that asks a person above 100, counted against a limit of 2 a minute. */
function transferRegistry() {
  const runs: string[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name: 'transfer',
        description: 'Move money',
        input: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
        approval: ({ input }) => input.amount > 100,
        rateLimit: { points: 2, duration: 60 },
        handler: (input, ctx) => {
          runs.push(`transfer:${input.amount}:${ctx.signal.aborted ? 'aborted' : 'live'}`);
          return { moved: input.amount };
        },
      }),
    ],
  });
  return { registry, runs };
}

describe("needsApproval asks the pipeline's preview", () => {
  it('runs nothing, audits nothing and counts nothing when asked about a call that needs no person', async () => {
    const { registry, runs } = transferRegistry();
    const [tool] = agentsTools(registry);
    // The SDK hands needsApproval the parsed arguments.
    const parsed = { amount: 5 } as never;
    const context = new RunContext<AffordanceRunContext>({ user: ana, sessionId: 's1' });
    for (let asked = 0; asked < 3; asked++)
      expect(await tool!.needsApproval(context, parsed, `c${asked}`)).toBe(false);
    expect(runs).toEqual([]);
    expect((await registry.store.audit.query({})).records).toEqual([]);
    // Nothing was counted: both calls the limit allows still run.
    for (const id of ['a', 'b']) {
      const result = await registry.run({ name: 'transfer', args: { amount: 5 }, user: ana, toolCallId: id });
      expect(result.ok).toBe(true);
    }
  });

  it('a call that needs no person runs once, in execute, and the model reads its result', async () => {
    const { registry, runs } = transferRegistry();
    const model = new ScriptedModel([callsTool('transfer', { amount: 5 }, 'c-small'), says('Moved.')]);
    const agent = new Agent<AffordanceRunContext>({ name: 'bank', model, tools: agentsTools(registry) });
    const result = await run(agent, 'move 5', { context: { user: ana, sessionId: 's2' } });
    expect(result.interruptions).toEqual([]);
    expect(result.finalOutput).toBe('Moved.');
    expect(runs).toEqual(['transfer:5:live']);
    expect(JSON.stringify(model.requests[1]?.input)).toContain('{\\"moved\\":5}');
    const { records } = await registry.store.audit.query({ sessionId: 's2' });
    expect(records.map((record) => record.outcome)).toEqual(['ok']);
  });

  it('a call that needs a person waits in the approval store, keyed by its call id, and interrupts the run', async () => {
    const { registry, runs } = transferRegistry();
    const model = new ScriptedModel([callsTool('transfer', { amount: 500 }, 'c-big'), says('Asked.')]);
    const agent = new Agent<AffordanceRunContext>({ name: 'bank', model, tools: agentsTools(registry) });
    const result = await run(agent, 'move 500', { context: { user: ana, sessionId: 's3' } });
    expect(result.interruptions).toHaveLength(1);
    expect(runs).toEqual([]);
    expect(await registry.approvals.list({ status: 'pending' })).toMatchObject([
      { name: 'transfer', idempotencyKey: 'c-big', sessionId: 's3', args: { amount: 500 } },
    ]);
  });

  it('a call over its rate limit interrupts nothing: the model reads rate_limited', async () => {
    const { registry, runs } = transferRegistry();
    for (const id of ['a', 'b'])
      await registry.run({ name: 'transfer', args: { amount: 5 }, user: ana, toolCallId: id });
    const model = new ScriptedModel([callsTool('transfer', { amount: 500 }, 'c-over'), says('Later.')]);
    const agent = new Agent<AffordanceRunContext>({ name: 'bank', model, tools: agentsTools(registry) });
    const result = await run(agent, 'move 500', { context: { user: ana } });
    expect(result.interruptions).toEqual([]);
    expect(JSON.stringify(model.requests[1]?.input)).toContain('Error (rate_limited)');
    expect(runs).toEqual(['transfer:5:live', 'transfer:5:live']);
    expect(await registry.approvals.list()).toEqual([]);
  });
});
