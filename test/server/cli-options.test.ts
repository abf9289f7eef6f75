// The CLI's contract for scripts and terminals, through real processes: --help and --json on every command, exit
// codes, colour only when asked or on a terminal, progress only on a terminal, config files in TypeScript, and
// serve's PORT / AFFORDANCE_DATA / public-host rules.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli, startCli, waitForOutput } from './run-cli.js';

const SLOW = 300_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-cli-options-'));
const data = join(folder, 'data');
const ESC = '\u001b';
const ANSI = new RegExp(`${ESC}\\[`);
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeAll(async () => {
  expect((await runCli(['db', 'migrate', '--data', data])).code).toBe(0);
}, SLOW);

const COMMANDS = ['serve', 'list', 'call', 'tools', 'prompt', 'parse', 'audit', 'mcp', 'db'];

describe('--help and --json', () => {
  it(
    'prints every command its usage with exit 0',
    async () => {
      const runs = await Promise.all(COMMANDS.map((name) => runCli([name, '--help'])));
      runs.forEach((run, index) => {
        expect(run.code, COMMANDS[index]).toBe(0);
        expect(run.stdout).toContain(`affordance ${COMMANDS[index]}`);
        expect(run.stdout).toContain('exit codes: 0 ok, 1 an action or check failed, 2 a wrong command line');
      });
    },
    SLOW,
  );

  it(
    'answers JSON alone on stdout for every command that reads the registry',
    async () => {
      const commands = [
        ['list', '--target', 'shape:shape-1'],
        ['call', 'shape_rotate', '--args', '{"blockId":"shape-3","degrees":5}'],
        ['tools', '--format', 'gemini'],
        ['prompt', '--format', 'fenced'],
        ['audit', '--limit', '5'],
        ['db', 'status'],
      ];
      // One after another: PGlite is one process at a time.
      const runs = [];
      for (const args of commands)
        runs.push(await runCli([...args, '--json', '--data', data], { env: { FORCE_COLOR: '1' } }));
      runs.forEach((run, index) => {
        expect(run.code, commands[index]!.join(' ')).toBe(0);
        expect(() => JSON.parse(run.stdout), run.stdout).not.toThrow();
        expect(run.stdout).not.toMatch(ANSI);
      });
      const parsed = await runCli(['parse', '-', '--json'], {
        stdin: '{"action":"shape_rotate","blockId":"x"}',
      });
      expect(JSON.parse(parsed.stdout)).toMatchObject({ calls: [{ name: 'shape_rotate' }] });
    },
    SLOW,
  );
});

describe('colour and progress', () => {
  it(
    'paints only with FORCE_COLOR when stdout is not a terminal, and never draws progress there',
    async () => {
      const plain = await runCli(['list', '--data', data], { env: { NO_COLOR: '' } });
      const forced = await runCli(['list', '--data', data], { env: { NO_COLOR: '', FORCE_COLOR: '1' } });
      expect(plain.stdout).toContain('shape_updateColor');
      expect(plain.stdout).not.toMatch(ANSI);
      expect(forced.stdout).toContain(`${ESC}[32m✓${ESC}[0m ${ESC}[1mshape_`);
      expect(plain.stderr + forced.stderr).not.toContain('Opening');
    },
    SLOW,
  );

  const hasScript = existsSync('/usr/bin/script');
  it.skipIf(!hasScript)(
    'draws a progress line on a terminal (under script(1), from util-linux)',
    () => {
      const command = `node --conditions=@affordance/source --import tsx packages/server/src/cli.ts db migrate --data ${join(folder, 'tty')}`;
      const output = execFileSync('script', ['-qec', command, '/dev/null'], {
        cwd: REPO_ROOT,
        env: { ...process.env, NO_COLOR: '1', DATABASE_URL: '', TERM: 'xterm' },
        encoding: 'utf8',
      });
      expect(output).toContain(`\r${ESC}[2K⠋ Opening PGlite in ${join(folder, 'tty')}`);
      expect(output).toContain('Applying migrations…');
      expect(output).toMatch(/Applied migrations 1/);
    },
    SLOW,
  );
});

describe('exit codes', () => {
  it(
    'exits 3 when the database cannot be reached or the port is taken, 2 for a bad config',
    async () => {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as { port: number }).port;
      const badConfig = join(folder, 'bad.json');
      writeFileSync(badConfig, JSON.stringify({ audit: 'sometimes' }));
      try {
        const [unreachable, taken, bad] = await Promise.all([
          runCli(['db', 'status'], { env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } }),
          runCli(['serve', '--port', String(port), '--data', join(folder, 'taken')]),
          runCli(['list', '--config', badConfig, '--data', data]),
        ]);
        expect(unreachable.code).toBe(3);
        expect(unreachable.stderr).toMatch(/affordance db failed: .*ECONNREFUSED/);
        expect(taken.code).toBe(3);
        expect(taken.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
        expect(taken.stderr).toContain('--port <n> or PORT=<n>');
        expect(bad.code).toBe(2);
        expect(bad.stderr).toContain("`audit` must be 'sync', 'batched'");
      } finally {
        blocker.close();
      }
    },
    SLOW,
  );
});

describe('config files and serve', () => {
  it(
    'reads affordance.config.ts: keys let serve bind a public address, and its TypeScript registry is loaded',
    async () => {
      const project = join(folder, 'project');
      execFileSync('mkdir', ['-p', project]);
      writeFileSync(
        join(project, 'greetings.ts'),
        `export const actions = [{
  name: 'greet',
  description: 'Say hello',
  input: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  handler: (input: { name: string }): { greeting: string } => ({ greeting: \`hello \${input.name}\` }),
}];\n`,
      );
      writeFileSync(
        join(project, 'affordance.config.ts'),
        `const config: { keys: Record<string, { id: string; roles: string[] }>; registry: string } = {
  keys: { 'k-ana-secret': { id: 'ana', roles: ['editor'] } },
  registry: './greetings.ts',
};
export default config;\n`,
      );
      const config = join(project, 'affordance.config.ts');
      const child = startCli(
        ['serve', '--host', '0.0.0.0', '--config', config, '--data', join(project, '.data')],
        { PORT: '0' },
      );
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const [, port] = await waitForOutput(child, /running at http:\/\/0\.0\.0\.0:(\d+)\//);
      const base = `http://127.0.0.1:${port}/api/`;
      expect((await fetch(`${base}actions`)).status).toBe(401);
      const actions = (await (
        await fetch(`${base}actions`, { headers: { authorization: 'Bearer k-ana-secret' } })
      ).json()) as { actions: Array<{ name: string }> };
      expect(actions.actions.map((action) => action.name)).toEqual(['greet']);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    },
    SLOW,
  );

  it(
    'listens on PORT and keeps its data in AFFORDANCE_DATA',
    async () => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const port = (probe.address() as { port: number }).port;
      await new Promise((resolve) => probe.close(resolve));
      const stored = join(folder, 'from-env');
      const child = startCli(['serve'], { PORT: String(port), AFFORDANCE_DATA: stored });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await waitForOutput(child, new RegExp(`running at http://127\\.0\\.0\\.1:${port}/`));
      const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
        storage: string;
      };
      expect(health.storage).toBe(`PGlite in ${join(stored, 'db')}`);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    SLOW,
  );
});
