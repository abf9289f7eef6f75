import { describe, expect, it } from 'vitest';
import { createConfiguredActions } from './create-configured-actions.js';
import { createMemoryFileAppender } from './memory-file-appender.js';
import { validateAgentConfig } from './validate-agent-config.js';

function actionsOf(value: unknown) {
  const result = validateAgentConfig(value);
  if (!result.ok) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return result.config.actions!;
}

describe('createConfiguredActions', () => {
  it('wires detection and execution from an actions block, custom handlers by name included', async () => {
    const actions = actionsOf({
      actions: {
        enabled: true,
        types: ['decision', 'note', 'summary'],
        handlers: { decision: 'builtin:file', note: 'custom:shout', summary: 'builtin:log' },
        file: { format: 'jsonl', file: '{type}.jsonl' },
      },
    });
    const fileAppender = createMemoryFileAppender();
    const { detector, executor } = createConfiguredActions(actions, {
      fileAppender,
      handlers: { 'custom:shout': (action) => action.content.toUpperCase() },
      now: () => new Date(0),
    });
    const text = [
      '```agent-action\n{"type": "decision", "content": "Use PGlite"}\n```',
      '```agent-action\n{"type": "note", "content": "ship it"}\n```',
      '```agent-action\n{"type": "risk", "content": "not configured"}\n```',
    ].join('\n');
    const results = await executor.execute(detector.detect(text));
    expect(
      results.map((result) => [result.action.type, result.success, result.result ?? result.code]),
    ).toEqual([
      ['decision', true, { file: 'decision.jsonl', bytes: expect.any(Number) }],
      ['note', true, 'SHIP IT'],
      ['risk', false, 'unconfigured_type'],
    ]);
    expect(fileAppender.files.get('decision.jsonl')).toBe(
      '{"time":"1970-01-01T00:00:00.000Z","type":"decision","content":"Use PGlite","metadata":{}}\n',
    );
  });

  it('fails at start when a routed built-in lacks what it needs', () => {
    const file = actionsOf({
      actions: { enabled: true, types: ['note'], handlers: { note: 'builtin:file' } },
    });
    expect(() => createConfiguredActions(file)).toThrow(/pass a fileAppender/);
    const github = actionsOf({
      actions: {
        enabled: true,
        types: ['note'],
        handlers: { note: 'builtin:github-comment' },
        github: { owner: 'a', repo: 'b', tokenEnv: 'MY_TOKEN' },
      },
    });
    expect(() => createConfiguredActions(github)).toThrow(/set MY_TOKEN/);
    expect(() => createConfiguredActions(github, { githubToken: 't' })).not.toThrow();
  });
});
