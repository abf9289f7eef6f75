// What `affordance serve` tells a new user, through real processes: a taken port names the port and how to choose
// another (exit 3, "could not work", as docs/server.md's exit code table says), and the banner counts actions in
// good English.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli, waitForOutput } from './run-cli.js';

const SLOW = 300_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-cli-listen-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function holdPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

describe('affordance serve', () => {
  it(
    'on a taken port exits 3 with one line naming the port and how to choose another',
    async () => {
      const { port, server } = await holdPort();
      try {
        for (const [args, env] of [
          [['--port', String(port)], {}],
          [[], { PORT: String(port) }],
        ] as const) {
          const run = await runCli(['serve', ...args, '--data', join(folder, 'taken')], {
            env: { ...env, LOG_LEVEL: 'silent' },
          });
          expect(run.code).toBe(3);
          expect(run.stdout).not.toContain('running at');
          expect(run.stderr.trim()).toBe(
            `Port ${port} on 127.0.0.1 is already in use (another server?): stop it, or choose another with --port <n> or PORT=<n> (0 picks a free one).`,
          );
        }
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
    SLOW,
  );

  it(
    'says "1 action" in its banner for a registry of one action',
    async () => {
      const module = join(folder, 'one-action.mjs');
      writeFileSync(
        module,
        "export const actions = [{ name: 'ping', description: 'Answers pong', handler: () => 'pong' }];\n",
      );
      const child = startCli(['serve', '--port', '0', '--data', join(folder, 'one'), '--registry', module], {
        LOG_LEVEL: 'silent',
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const [line] = await waitForOutput(child, /\n {2}\d+ actions? \([^\n]*\); data:[^\n]*\n/);
      expect(line).toMatch(/^\n {2}1 action \([^\n]*one-action\.mjs\); data: /);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    SLOW,
  );
});
