import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateAgentConfig } from '@affordance/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeConfiguredActions } from './create-node-configured-actions.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'affordance-actions-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function configOf(value: unknown) {
  const result = validateAgentConfig(value);
  if (!result.ok) throw new Error(result.errors[0]!.message);
  return result.config;
}

describe('createNodeConfiguredActions', () => {
  it('writes builtin:file records inside actions.file.folder, relative to the config folder', async () => {
    const config = configOf({
      actions: {
        enabled: true,
        types: ['decision'],
        handlers: { decision: 'builtin:file' },
        file: { folder: 'records' },
      },
    });
    const runtime = createNodeConfiguredActions(config, { baseDir: dir, now: () => new Date(0) })!;
    const results = await runtime.executor.execute(
      runtime.detector.detect('```agent-action\n{"type": "decision", "content": "Use Node 20"}\n```'),
    );
    expect(results[0]).toMatchObject({ success: true, result: { file: 'agent-actions.md' } });
    expect(await readFile(join(dir, 'records/agent-actions.md'), 'utf8')).toBe(
      '## decision (1970-01-01T00:00:00.000Z)\n\nUse Node 20\n\n',
    );
  });

  it('reads the GitHub token from the configured variable, and is off when actions are not enabled', () => {
    const config = configOf({
      actions: {
        enabled: true,
        types: ['note'],
        handlers: { note: 'builtin:github-comment' },
        github: { owner: 'a', repo: 'b', tokenEnv: 'AGENT_GH' },
      },
    });
    expect(() => createNodeConfiguredActions(config, { baseDir: dir, env: {} })).toThrow(/set AGENT_GH/);
    expect(createNodeConfiguredActions(config, { baseDir: dir, env: { AGENT_GH: 't' } })).toBeDefined();
    expect(
      createNodeConfiguredActions(configOf({ actions: { types: ['note'] } }), { baseDir: dir }),
    ).toBeUndefined();
    expect(createNodeConfiguredActions(configOf({}), { baseDir: dir })).toBeUndefined();
  });
});
