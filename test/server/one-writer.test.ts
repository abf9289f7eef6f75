import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli, waitForOutput } from './run-cli.js';

// Real `affordance` processes (tsx + PGlite) on one data folder.
const SLOW = 240_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-one-writer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('one writer per PGlite folder', () => {
  it(
    'refuses a second process on a served folder, naming the server; --server acts through it; a killed server leaves no lock',
    async () => {
      const data = join(folder, 'served');
      const server = startCli(['serve', '--port', '0', '--data', data]);
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      try {
        const [, url] = await waitForOutput(server, /running at (http:\/\/127\.0\.0\.1:\d+\/)/);

        const blocked = await runCli([
          'call',
          'shape_updateColor',
          '--args',
          '{"blockId":"shape-1","color":"#00ff00"}',
          '--data',
          data,
        ]);
        expect(blocked.code).toBe(3);
        expect(blocked.stderr).toContain(`is in use by process ${server.pid}`);
        expect(blocked.stderr).toContain(`serving ${url}`);
        expect(blocked.stderr).toContain('--server');

        const called = await runCli([
          'call',
          'shape_updateColor',
          '--args',
          '{"blockId":"shape-1","color":"#00ff00"}',
          '--session',
          'through-server',
          '--server',
          url!,
          '--json',
        ]);
        expect(called.code).toBe(0);
        expect(JSON.parse(called.stdout)).toMatchObject({ ok: true, name: 'shape_updateColor' });
        const targets = (await (await fetch(`${url}api/targets`)).json()) as {
          targets: Array<{ id: string; color?: string }>;
        };
        // The server sees the change: it made it.
        expect(targets.targets.find((target) => target.id === 'shape-1')?.color).toBe('#00ff00');

        const audit = await runCli(['audit', '--session', 'through-server', '--server', url!, '--json']);
        expect(audit.code).toBe(0);
        expect(
          (JSON.parse(audit.stdout) as { records: Array<{ name: string }> }).records.map((r) => r.name),
        ).toEqual(['shape_updateColor']);
        const listed = await runCli(['list', '--target', 'shape:shape-1', '--server', url!]);
        expect(listed.code).toBe(0);
        expect(listed.stdout).toContain('shape_updateColor');
      } finally {
        server.kill('SIGKILL');
        await exited;
      }

      // The killed server's lock is stale: the next process takes it over and sees what the server wrote.
      const after = await runCli(['audit', '--session', 'through-server', '--json', '--data', data]);
      expect(after.code).toBe(0);
      expect(
        (JSON.parse(after.stdout) as { records: Array<{ name: string }> }).records.map((r) => r.name),
      ).toEqual(['shape_updateColor']);
    },
    SLOW,
  );
});
