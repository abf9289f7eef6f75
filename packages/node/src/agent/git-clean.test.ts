import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempGitRepo } from '../../../../test/support/temp-git-repo.js';
import { checkGitClean, gitCleanValidator } from './git-clean.js';

let dir: string;
let remove: () => void;

beforeEach(() => {
  ({ dir, remove } = createTempGitRepo('affordance-git-clean-', { 'a.txt': 'one\n' }));
});
afterEach(() => remove());

describe('git-clean', () => {
  it('passes on a committed tree and fails with the changed files listed', async () => {
    expect(await checkGitClean({ cwd: dir })).toEqual({ ok: true, message: `no changes in ${dir}` });
    writeFileSync(join(dir, 'a.txt'), 'two\n');
    const dirty = await checkGitClean({ cwd: dir });
    expect(dirty.ok).toBe(false);
    expect(dirty.message).toBe(`1 uncommitted change(s) in ${dir}; commit or revert them:\n   M a.txt`);
  });

  it('counts untracked files unless includeUntracked is false', async () => {
    writeFileSync(join(dir, 'new.txt'), 'x\n');
    expect((await checkGitClean({ cwd: dir })).message).toContain('?? new.txt');
    expect((await checkGitClean({ cwd: dir, includeUntracked: false })).ok).toBe(true);
  });

  it('reads its options from the agent.json condition, and fails outside a repository', async () => {
    const signal = new AbortController().signal;
    writeFileSync(join(dir, 'new.txt'), 'x\n');
    const condition = { validator: 'git-clean', cwd: dir, includeUntracked: false } as const;
    expect(await gitCleanValidator({ condition, signal })).toMatchObject({ ok: true });
    const outside = mkdtempSync(join(tmpdir(), 'affordance-not-git-'));
    try {
      const result = await gitCleanValidator({
        condition: { validator: 'git-clean', cwd: outside, includeUntracked: true },
        signal,
      });
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(/^git status failed in .*not a git repository/i);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
