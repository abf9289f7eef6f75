import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli, waitForOutput } from './run-cli.js';

// Real `affordance` processes (tsx + PGlite).
const SLOW = 240_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-cli-approvals-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const approvalIdOf = (stdout: string) =>
  (JSON.parse(stdout) as { error: { details: { approvalId: string } } }).error.details.approvalId;

describe('affordance approvals', () => {
  it(
    'through a keyed server: neither the requester nor a non-admin may approve; another admin may, with a reason',
    async () => {
      const config = join(folder, 'affordance.config.json');
      writeFileSync(
        config,
        JSON.stringify({
          keys: {
            'key-ana': { id: 'ana', roles: ['editor'] },
            'key-ada': { id: 'ada', roles: ['admin', 'editor'] },
            'key-root': { id: 'root', roles: ['admin'] },
          },
        }),
      );
      const server = startCli(['serve', '--port', '0', '--config', config, '--data', join(folder, 'keyed')]);
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      try {
        const [, url] = await waitForOutput(server, /running at (http:\/\/127\.0\.0\.1:\d+\/)/);
        const as = (key: string) => ({ env: { AFFORDANCE_API_KEY: key } });
        const asked = await runCli(
          ['call', 'shape_remove', '--args', '{"blockId":"shape-3"}', '--server', url!, '--json'],
          as('key-ada'),
        );
        expect(asked.code).toBe(1);
        const id = approvalIdOf(asked.stdout);
        const own = await runCli(['approvals', 'approve', id, '--server', url!], as('key-ada'));
        expect(own.code).toBe(1);
        expect(own.stderr).toMatch(/403 forbidden.*separation of duties/);
        const editor = await runCli(['approvals', 'approve', id, '--server', url!], as('key-ana'));
        expect(editor.stderr).toMatch(/403 forbidden.*needs one of the roles admin/);
        const listed = await runCli(['approvals', '--server', url!, '--json'], as('key-root'));
        expect(
          (JSON.parse(listed.stdout) as Array<{ id: string; status: string }>).map((a) => a.status),
        ).toEqual(['pending']);
        const approved = await runCli(
          ['approvals', 'approve', id, '--reason', 'tidy up', '--server', url!, '--json'],
          as('key-root'),
        );
        expect(approved.code).toBe(0);
        expect(JSON.parse(approved.stdout)).toMatchObject({ ok: true, name: 'shape_remove' });
        const audit = await runCli(['audit', '--server', url!, '--json'], as('key-root'));
        const [last] = (JSON.parse(audit.stdout) as { records: Array<{ approval?: unknown }> }).records;
        expect(last?.approval).toEqual({ id, decidedBy: 'root', reason: 'tidy up' });
      } finally {
        server.kill('SIGKILL');
        await exited;
      }
    },
    SLOW,
  );

  it(
    'on the data folder: lists, denies and approves as the local user',
    async () => {
      const data = join(folder, 'local');
      const first = await runCli([
        'call',
        'shape_remove',
        '--args',
        '{"blockId":"shape-3"}',
        '--json',
        '--data',
        data,
      ]);
      const second = await runCli([
        'call',
        'shape_remove',
        '--args',
        '{"blockId":"shape-1"}',
        '--json',
        '--data',
        data,
      ]);
      const [keep, remove] = [approvalIdOf(first.stdout), approvalIdOf(second.stdout)];
      const denied = await runCli(['approvals', 'deny', keep, '--reason', 'keep it', '--data', data]);
      expect(denied.code).toBe(0);
      const approved = await runCli(['approvals', 'approve', remove, '--data', data]);
      expect(approved.code).toBe(0);
      const listed = await runCli(['approvals', 'list', '--status', 'denied,done', '--json', '--data', data]);
      expect(
        (JSON.parse(listed.stdout) as Array<{ id: string; status: string }>).map((a) => [a.id, a.status]),
      ).toEqual([
        [keep, 'denied'],
        [remove, 'done'],
      ]);
      const again = await runCli(['approvals', 'retry', remove, '--data', data]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is done.*not interrupted/);
    },
    SLOW,
  );
});
