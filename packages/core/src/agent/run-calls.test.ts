import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import type { Registry } from '../registry/create-registry.js';
import { createRegistry } from '../registry/create-registry.js';
import type { AgentEvent } from './agent-events.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

function syncing(): Registry {
  return createRegistry({
    actions: [
      defineAction({
        name: 'sync',
        description: 'Sync the profiles',
        input: { type: 'object', properties: {} } as const,
        handler: async (_input, ctx) => {
          ctx.progress({ progress: 1, total: 2, message: 'Fetched' });
          // A nested call's progress is its own: the agent hears only the call the model made.
          await ctx.run({ name: 'inner' });
          ctx.progress({ progress: 2, total: 2, message: 'Wrote' });
          return 'synced';
        },
      }),
      defineAction({
        name: 'inner',
        description: 'A step of sync',
        handler: (_input, ctx) => {
          ctx.progress({ progress: 1, message: 'inner step' });
          return 'ok';
        },
      }),
    ],
  });
}

describe('runCalls: progress of a running call', () => {
  it('reports ctx.progress as call-progress events and in the output, with no registry listener per call', async () => {
    const registry = syncing();
    // Any `registry.on` during the run fails it: progress reaches the agent through the call's `onProgress`.
    const guarded: Registry = Object.assign(Object.create(registry) as Registry, {
      on: () => {
        throw new Error('registry.on called during the run');
      },
    });
    const events: AgentEvent[] = [];
    const model = createScriptedModel([{ toolCalls: [{ id: 'call_1', name: 'sync' }] }, 'Done.']);
    const result = await runAgent({
      model,
      registry: guarded,
      input: 'sync',
      onEvent: (event) => events.push(event),
    });
    expect(result.status).toBe('done');
    expect(events.filter((event) => event.type === 'call-progress')).toEqual([
      {
        type: 'call-progress',
        runId: expect.any(String),
        step: 1,
        callId: 'call_1',
        name: 'sync',
        progress: { progress: 1, total: 2, message: 'Fetched' },
      },
      {
        type: 'call-progress',
        runId: expect.any(String),
        step: 1,
        callId: 'call_1',
        name: 'sync',
        progress: { progress: 2, total: 2, message: 'Wrote' },
      },
    ]);
    expect(result.messages.find((message) => message.role === 'tool')).toMatchObject({
      toolResults: [
        { output: 'synced\n\nProgress it reported while running:\n- Fetched (1/2)\n- Wrote (2/2)' },
      ],
    });
  });

  it('registry.run: onProgress hears the top-level call before call-progress, and a throwing one breaks nothing', async () => {
    const registry = syncing();
    const heard: string[] = [];
    registry.on('call-progress', (event) => heard.push(`event ${event.name} ${event.progress.message}`));
    const result = await registry.run({
      name: 'sync',
      onProgress: (progress) => {
        heard.push(`onProgress ${progress.message}`);
        throw new Error('a watcher that breaks');
      },
    });
    expect(result).toMatchObject({ ok: true, value: 'synced' });
    expect(heard).toEqual([
      'onProgress Fetched',
      'event sync Fetched',
      'event inner inner step',
      'onProgress Wrote',
      'event sync Wrote',
    ]);
  });

  it('registry.run: onProgress is per call, not per tool-call id (another caller may send the same id)', async () => {
    const registry = syncing();
    const mine: unknown[] = [];
    const theirs: unknown[] = [];
    await Promise.all([
      registry.run({
        name: 'sync',
        toolCallId: 'mcp_1',
        onProgress: (progress) => mine.push(progress.message),
      }),
      registry.run({
        name: 'inner',
        toolCallId: 'mcp_1',
        onProgress: (progress) => theirs.push(progress.message),
      }),
    ]);
    expect(mine).toEqual(['Fetched', 'Wrote']);
    expect(theirs).toEqual(['inner step']);
  });
});
