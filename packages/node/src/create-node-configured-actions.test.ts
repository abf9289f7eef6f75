import { execFileSync } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateAgentConfig } from '@affordance/core/detect';
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

  it("refuses a reply that writes .git/config with folder '.' in a checkout, so git status runs nothing (regression)", async () => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' }).toString();
    git('init', '-q');
    const before = await readFile(join(dir, '.git/config'), 'utf8');
    const config = configOf({
      actions: {
        enabled: true,
        types: ['note'],
        handlers: { note: 'builtin:file' },
        file: { folder: '.', allowActionPath: true },
      },
    });
    const runtime = createNodeConfiguredActions(config, { baseDir: dir })!;
    const hostile = (file: string) =>
      `\`\`\`agent-action\n${JSON.stringify({ type: 'note', content: '[core]\n\tfsmonitor = "touch pwned"', file })}\n\`\`\``;
    const reply = ['.git/config', '.git/hooks/pre-commit', '.gitattributes', '.env', 'hooks.sh']
      .map(hostile)
      .join('\n');
    const results = await runtime.executor.execute(runtime.detector.detect(reply));
    expect(
      results.map((result) => [result.success, result.error?.match(/^refused to write "[^"]+"/)?.[0]]),
    ).toEqual([
      [false, 'refused to write ".git/config"'],
      [false, 'refused to write ".git/hooks/pre-commit"'],
      [false, 'refused to write ".gitattributes"'],
      [false, 'refused to write ".env"'],
      [false, 'refused to write "hooks.sh"'],
    ]);
    expect(await readFile(join(dir, '.git/config'), 'utf8')).toBe(before);
    git('status', '--porcelain');
    await expect(access(join(dir, 'pwned'))).rejects.toThrow(/ENOENT/);
  });

  it('writes what agent.json opts in: other extensions, and listed dotfiles', async () => {
    const config = configOf({
      actions: {
        enabled: true,
        types: ['note'],
        handlers: { note: 'builtin:file' },
        file: {
          folder: 'records',
          allowActionPath: true,
          extensions: ['.md', '.yaml'],
          allowPaths: ['.notes/{type}.md'],
        },
      },
    });
    const runtime = createNodeConfiguredActions(config, { baseDir: dir })!;
    const record = (file: string) =>
      `\`\`\`agent-action\n${JSON.stringify({ type: 'note', content: 'x', file })}\n\`\`\``;
    const results = await runtime.executor.execute(
      runtime.detector.detect(
        [record('plan.yaml'), record('.notes/note.md'), record('.notes/other.md')].join('\n'),
      ),
    );
    expect(results.map((result) => result.success)).toEqual([true, true, false]);
    expect(await readFile(join(dir, 'records/.notes/note.md'), 'utf8')).toContain('x');
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
