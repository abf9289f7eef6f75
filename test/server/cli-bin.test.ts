import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './run-cli.js';

// npm installs a bin as a symlink in node_modules/.bin; node then sees the link's path in argv[1], not the file's.
const folder = mkdtempSync(join(tmpdir(), 'affordance-bin-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function runThroughLink(target: string, args: readonly string[]) {
  const link = join(folder, `affordance-${target.replaceAll('/', '-')}`);
  symlinkSync(join(REPO_ROOT, target), link);
  const child = spawn(
    process.execPath,
    ['--conditions=@affordance/source', '--import', 'tsx', link, ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

describe('the affordance bin started through a symlink (regression: it printed nothing and exited 0)', () => {
  it.each(['packages/server/src/bin.ts', 'packages/server/src/cli.ts'])(
    '%s answers --help',
    async (target) => {
      const run = await runThroughLink(target, ['--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('affordance <command> [options]');
      expect(run.stdout).toContain('  serve');
    },
    60_000,
  );
});
