import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../server/run-cli.js';

// Real CLI processes (tsx): generous timeouts on a loaded machine. Each one stops before opening a database.
const SLOW = 120_000;

describe('affordance serve: the guard and limits settings', () => {
  const folder = mkdtempSync(join(tmpdir(), 'affordance-serve-options-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const config = (name: string, value: unknown) => {
    const file = join(folder, name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  };

  it(
    'exits 2 naming a malformed allowed host, allowed origin or limit, from the flags or the config',
    async () => {
      const data = join(folder, 'data');
      const runs = await Promise.all([
        runCli(['serve', '--port', '0', '--data', data, '--allowed-host', 'http://example.com']),
        runCli(['serve', '--port', '0', '--data', data, '--allowed-origin', 'example.com']),
        runCli(['serve', '--data', data, '--config', config('hosts.json', { allowedHosts: 'example.com' })]),
        runCli(['serve', '--data', data, '--config', config('limits.json', { limits: { eventStreams: 0 } })]),
        runCli(['serve', '--data', data, '--config', config('unknown.json', { limits: { streams: 5 } })]),
      ]);
      expect(runs.map((run) => run.code)).toEqual([2, 2, 2, 2, 2]);
      expect(runs[0]!.stderr).toContain('allowedHosts: "http://example.com" is not a host name');
      expect(runs[1]!.stderr).toContain('allowedOrigins: "example.com" is not an origin');
      expect(runs[2]!.stderr).toContain('`allowedHosts` must be an array of host names');
      expect(runs[3]!.stderr).toContain('`limits.eventStreams` must be a positive integer');
      expect(runs[4]!.stderr).toContain('`limits.streams` is not a limit');
    },
    SLOW,
  );
});
