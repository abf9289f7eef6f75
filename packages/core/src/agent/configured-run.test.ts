import { describe, expect, it } from 'vitest';
import { AgentConfigError } from '../detect/agent-config.js';
import { createConfiguredActions } from '../detect/create-configured-actions.js';
import type { DetectedAction } from '../detect/types.js';
import { validateAgentConfig } from '../detect/validate-agent-config.js';
import { createRegistry } from '../registry/create-registry.js';
import { configuredRun } from './configured-run.js';
import { runAgent } from './run-agent.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

function config(value: unknown) {
  const result = validateAgentConfig(value);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
}

const block = (record: Record<string, unknown>) => `\`\`\`agent-action\n${JSON.stringify(record)}\n\`\`\``;

describe('configuredRun: agent.json wired into runAgent', () => {
  it('runs the detector and executor on every reply and checks steps["complete.issue"] conditions', async () => {
    const { config: agent } = config({
      actions: {
        enabled: true,
        types: ['decision', 'note'],
        handlers: { decision: 'custom:record', note: 'custom:record' },
      },
      steps: {
        'complete.issue': {
          completionConditions: [{ validator: 'notes-written' }],
          onFailure: { action: 'retry', maxAttempts: 2 },
        },
      },
    });
    const seen: DetectedAction[] = [];
    const actions = createConfiguredActions(agent.actions!, {
      handlers: { 'custom:record': (action) => seen.push(action) },
    });
    const run = configuredRun(agent, {
      actions,
      validators: {
        'notes-written': async () =>
          seen.some((action) => action.type === 'note')
            ? { ok: true, message: 'a note was written' }
            : { ok: false, message: 'write a note first' },
      },
    });
    const model = createScriptedModel(
      [
        {
          text: `Plan.\n${block({ type: 'decision', content: 'Use TypeScript' })}`,
          toolCalls: [{ name: 'done' }],
        },
        { text: block({ type: 'note', content: 'Remember the tests' }), toolCalls: [{ name: 'done' }] },
      ],
      { supportsTools: true },
    );
    const result = await runAgent({ model, registry: createRegistry(), input: 'work', ...run });
    expect(seen.map((action) => [action.type, action.content])).toEqual([
      ['decision', 'Use TypeScript'],
      ['note', 'Remember the tests'],
    ]);
    expect(result.status).toBe('done');
    expect(result.attempts.map((attempt) => attempt.ok)).toEqual([false, true]);
    expect(JSON.stringify(model.requests[1]!.messages)).toContain('write a note first');
  });

  it('refuses the legacy issue-action completion rule without the explicit flag (seed stage 3)', () => {
    const legacy = config({
      actions: { enabled: true, types: ['issue-action'], handlers: { 'issue-action': 'custom:issue' } },
    });
    expect(legacy.warnings.map((warning) => warning.code)).toContain('deprecated_completion_by_action');
    expect(() => configuredRun(legacy.config)).toThrow(AgentConfigError);
    expect(() => configuredRun(legacy.config)).toThrow(/--legacy-action-completion/);
  });

  it('with the flag, ends the run as done once an issue-action closed the issue', async () => {
    const { config: agent } = config({
      actions: { enabled: true, types: ['issue-action'], handlers: { 'issue-action': 'custom:issue' } },
    });
    const actions = createConfiguredActions(agent.actions!, {
      handlers: { 'custom:issue': (action) => ({ action: action.metadata.op, number: 7 }) },
    });
    const run = configuredRun(agent, { actions, legacyActionCompletion: true });
    const model = createScriptedModel(
      [
        {
          text: block({ type: 'issue-action', content: 'comment', op: 'comment' }),
          toolCalls: [{ name: 'noop' }],
        },
        {
          text: block({ type: 'issue-action', content: 'fixed', op: 'close' }),
          toolCalls: [{ name: 'noop' }],
        },
        'never asked',
      ],
      { supportsTools: true },
    );
    const result = await runAgent({ model, registry: createRegistry(), input: 'fix it', ...run });
    expect(result).toMatchObject({ status: 'done', steps: 2 });
    expect(model.remaining).toBe(1);
  });
});
