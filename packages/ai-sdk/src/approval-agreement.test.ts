import { createRegistry, defineAction, type Registry, type User } from '@affordance/core';
import { generateText, stepCountIs, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { affordanceTools } from './affordance-tools.js';
import { callsTurn, textTurn } from './test-actions.fixture.js';

const editor: User = { id: 'ed', roles: ['editor'] };

/** Gated actions the pipeline refuses before it would ask anyone: by role, `when`, policy, rate limit, `requires`. */
function gatedRegistry(): { registry: Registry; runs: string[] } {
  const runs: string[] = [];
  const gated = (name: string, extra: Record<string, unknown>) =>
    defineAction({
      name,
      description: `${name} (asks a person)`,
      input: { type: 'object', properties: {} },
      approval: 'always',
      ...extra,
      handler: () => {
        runs.push(name);
        return { done: name };
      },
    });
  const registry = createRegistry({
    policy: ({ name }) => (name === 'refund' ? { allowed: false, reason: 'refunds are closed' } : true),
    actions: [
      gated('purge', { roles: ['admin'] }),
      gated('release', {
        when: ({ context }: { context: Record<string, unknown> }) => context.draft === true,
      }),
      gated('refund', {}),
      gated('charge', { rateLimit: { points: 1, duration: 60 } }),
      gated('close', { requires: ['open'] }),
      defineAction({
        name: 'open',
        description: 'Open the books',
        input: { type: 'object', properties: {} },
        handler: () => ({ opened: true }),
      }),
    ],
  });
  return { registry, runs };
}

/** What the tool's `needsApproval` answers for a call without arguments. */
async function asks(tools: ToolSet, name: string): Promise<boolean | undefined> {
  const gate = tools[name]!.needsApproval;
  return typeof gate === 'function' ? gate({}, { toolCallId: `c-${name}`, messages: [] }) : gate;
}

/** What the tool's `needsApproval` answers for a call, and what `registry.run` then does with the same call. */
async function askThenRun(registry: Registry, tools: ToolSet, name: string, sessionId?: string) {
  const asked = await asks(tools, name);
  const result = await registry.run({ name, args: {}, user: editor, ...(sessionId ? { sessionId } : {}) });
  return { asked, code: result.ok ? 'ok' : result.error.code };
}

describe("needsApproval agrees with registry.run's approval step", () => {
  it('asks no one about a call the pipeline refuses first (roles, when, policy, requires)', async () => {
    const { registry, runs } = gatedRegistry();
    const tools = affordanceTools(registry, { user: editor, sessionId: 's1', offer: 'all' });
    for (const [name, refused] of [
      ['purge', 'forbidden'],
      ['release', 'unavailable'],
      ['refund', 'forbidden'],
      ['close', 'prerequisite_missing'],
    ] as const) {
      expect(await askThenRun(registry, tools, name, 's1'), name).toEqual({ asked: false, code: refused });
    }
    expect(runs).toEqual([]);
  });

  it('asks no one about a call over its rate limit, and asks about the one within it', async () => {
    const { registry } = gatedRegistry();
    const tools = affordanceTools(registry, { user: editor, offer: 'all' });
    expect(await askThenRun(registry, tools, 'charge')).toEqual({ asked: true, code: 'approval_required' });
    expect(await askThenRun(registry, tools, 'charge')).toEqual({ asked: false, code: 'rate_limited' });
  });

  it('asks about a call the pipeline would pause: the draft is there, the books are open', async () => {
    const { registry } = gatedRegistry();
    await registry.run({ name: 'open', args: {}, user: editor, sessionId: 's2' });
    const tools = affordanceTools(registry, {
      user: editor,
      sessionId: 's2',
      context: { draft: true },
      offer: 'all',
    });
    expect(await asks(tools, 'release')).toBe(true);
    expect(await asks(tools, 'close')).toBe(true);
  });

  it('the model reads the refusal as a tool error, with no approval request and nothing waiting', async () => {
    const { registry, runs } = gatedRegistry();
    const model = new MockLanguageModelV3({
      doGenerate: [callsTurn({ id: 'call-1', name: 'purge', input: {} }), textTurn('Could not.')],
    });
    const result = await generateText({
      model,
      tools: affordanceTools(registry, { user: editor, offer: 'all' }),
      prompt: 'purge it',
      stopWhen: stepCountIs(3),
    });
    expect(result.steps[0]!.content.map((part) => part.type)).toEqual(['tool-call', 'tool-error']);
    expect(result.text).toBe('Could not.');
    expect(runs).toEqual([]);
    expect(await registry.approvals.list()).toEqual([]);
  });
});
