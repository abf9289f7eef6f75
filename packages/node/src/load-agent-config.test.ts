import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentConfigError, type AgentConfigWarning } from '@affordance/core/detect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAgentConfig } from './load-agent-config.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'affordance-config-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// The legacy example of the seed "アクションシステム" (従来: action で完了判定), plus the repository it needs.
const LEGACY = {
  actions: {
    enabled: true,
    types: ['issue-action'],
    handlers: { 'issue-action': 'builtin:github-issue' },
    github: { owner: 'acme', repo: 'app' },
  },
};

describe('loadAgentConfig', () => {
  it('loads a valid file and prints the completion deprecation to stderr', async () => {
    const file = join(dir, 'agent.json');
    await writeFile(file, JSON.stringify(LEGACY, null, 2));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const loaded = await loadAgentConfig(file);
      expect(loaded).toMatchObject({
        file,
        dir,
        config: { actions: { enabled: true, outputFormat: 'agent-action' } },
      });
      const printed = stderr.mock.calls.map((call) => String(call[0])).join('');
      expect(printed).toContain(`${file}: warning (actions.types[0]): deprecated`);
      expect(printed).toContain('completionConditions');
    } finally {
      stderr.mockRestore();
    }
  });

  it('hands warnings to onWarning instead when given', async () => {
    const file = join(dir, 'agent.json');
    await writeFile(file, JSON.stringify(LEGACY));
    const seen: AgentConfigWarning[] = [];
    await loadAgentConfig(file, { onWarning: (warning) => seen.push(warning) });
    expect(seen.map((warning) => warning.code)).toEqual(['deprecated_completion_by_action']);
  });

  it('throws AgentConfigError naming the file and the offending keys', async () => {
    const file = join(dir, 'agent.json');
    await writeFile(file, JSON.stringify({ actions: { enabled: 1, handlers: { note: 'builtin:logs' } } }));
    const error = await loadAgentConfig(file, { onWarning: () => {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentConfigError);
    const configError = error as AgentConfigError;
    expect(configError.source).toBe(file);
    expect(configError.issues.map((issue) => issue.pointer)).toEqual([
      '/actions/enabled',
      '/actions/handlers/note',
    ]);
    expect(configError.message).toContain(`${file} is invalid:`);
    expect(configError.message).toContain('did you mean builtin:log?');
  });

  it('throws AgentConfigError for a missing file and for broken JSON', async () => {
    await expect(loadAgentConfig(join(dir, 'nope.json'))).rejects.toThrow(/the file does not exist/);
    const file = join(dir, 'agent.json');
    await writeFile(file, '{ "steps": { } ');
    await expect(loadAgentConfig(file)).rejects.toThrow(/not valid JSON/);
  });
});
