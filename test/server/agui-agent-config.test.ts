// /agui with a configured agent: the agent.json keys turned into run options by `configuredRun`. The model side
// replays Chat Completions streams built on a recording from test/fixtures/provider-streams (vercel/ai @ed857f5,
// Apache-2.0); see replay-model.ts.
import { configuredRun } from '@affordance/core/agent';
import { createConfiguredActions, type DetectedAction, validateAgentConfig } from '@affordance/core/detect';
import { afterEach, describe, expect, it } from 'vitest';
import { agentFor, closeAll, expectValidStream, listen, replay, runOnce } from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);

const block = (record: Record<string, unknown>) => `\`\`\`agent-action\n${JSON.stringify(record)}\n\`\`\``;

function agentConfig(value: unknown) {
  const result = validateAgentConfig(value);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config;
}

describe('POST /agui with an agent.json', () => {
  it('runs the detector on every reply and the steps["complete.issue"] conditions before it finishes', async () => {
    const config = agentConfig({
      actions: {
        enabled: true,
        types: ['decision', 'note'],
        handlers: { decision: 'custom:keep', note: 'custom:keep' },
      },
      steps: {
        'complete.issue': {
          completionConditions: [{ validator: 'has-note' }],
          onFailure: { action: 'retry', maxAttempts: 2 },
        },
      },
    });
    const kept: DetectedAction[] = [];
    const agent = configuredRun(config, {
      actions: createConfiguredActions(config.actions!, {
        handlers: { 'custom:keep': (action) => kept.push(action) },
      }),
      validators: {
        'has-note': async () =>
          kept.some((action) => action.type === 'note')
            ? { ok: true, message: 'noted' }
            : { ok: false, message: 'write a note before you finish' },
      },
    });
    const model = await replay([
      replyFrames(block({ type: 'decision', content: 'Red it is' }), [{ id: 'c1', name: 'done', args: {} }]),
      replyFrames(block({ type: 'note', content: 'Painted nothing yet' }), [
        { id: 'c2', name: 'done', args: {} },
      ]),
    ]);
    const { url } = await listen({ model: model.model, agent });
    const { events, failure } = await runOnce(agentFor(url, 'thread-config', 'Decide a colour'));
    expect(failure).toBeUndefined();
    await expectValidStream(events);
    expect(kept.map((action) => [action.type, action.content])).toEqual([
      ['decision', 'Red it is'],
      ['note', 'Painted nothing yet'],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', result: { status: 'done', steps: 2 } });
    expect(JSON.stringify(model.server.requests[1])).toContain('write a note before you finish');
    // Each reply's records reach the client as a CUSTOM event.
    expect(events.filter((event) => event.type === 'CUSTOM')).toMatchObject([
      {
        name: 'affordance.actions-detected',
        value: { step: 1, results: [{ action: { type: 'decision', content: 'Red it is' }, success: true }] },
      },
      {
        name: 'affordance.actions-detected',
        value: {
          step: 2,
          results: [{ action: { type: 'note', content: 'Painted nothing yet' }, success: true }],
        },
      },
    ]);
  });

  it('ends the run when a legacy issue-action closes the issue, with the explicit flag', async () => {
    const config = agentConfig({
      actions: { enabled: true, types: ['issue-action'], handlers: { 'issue-action': 'custom:issue' } },
    });
    expect(() => configuredRun(config)).toThrow(/legacy-action-completion/);
    const agent = configuredRun(config, {
      actions: createConfiguredActions(config.actions!, {
        handlers: { 'custom:issue': () => ({ action: 'close' }) },
      }),
      legacyActionCompletion: true,
    });
    const model = await replay([
      replyFrames(block({ type: 'issue-action', content: 'Fixed' }), [
        { id: 'c1', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#00ff00' } },
      ]),
      replyFrames('never asked'),
    ]);
    const { url } = await listen({ model: model.model, agent });
    const { events } = await runOnce(agentFor(url, 'thread-legacy', 'Fix the issue'));
    await expectValidStream(events);
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', result: { status: 'done', steps: 1 } });
    expect(model.server.requests).toHaveLength(1);
  });
});
