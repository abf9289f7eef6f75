import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../server/run-cli.js';

// Real CLI processes (tsx): generous timeouts on a loaded machine. Each one stops before opening a database.
const SLOW = 120_000;

describe('affordance serve: MCP OAuth settings', () => {
  const folder = mkdtempSync(join(tmpdir(), 'affordance-serve-oauth-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it(
    'exits 2 on a half or malformed OAuth configuration, naming what to fix',
    async () => {
      const data = join(folder, 'data');
      const good = {
        AFFORDANCE_MCP_OAUTH_ISSUER: 'https://auth.example.com',
        AFFORDANCE_MCP_OAUTH_JWKS_URL: 'https://auth.example.com/jwks',
        AFFORDANCE_MCP_OAUTH_RESOURCE: 'https://api.example.com/mcp',
      };
      const runs = await Promise.all([
        runCli(['serve', '--data', data], {
          env: { AFFORDANCE_MCP_OAUTH_ISSUER: 'https://auth.example.com' },
        }),
        runCli(['serve', '--data', data], {
          env: { ...good, AFFORDANCE_MCP_OAUTH_RESOURCE: 'api.example.com/mcp' },
        }),
        runCli(['serve', '--data', data], { env: { ...good, AFFORDANCE_MCP_OAUTH_SCOPES: 'a"b' } }),
      ]);
      expect(runs.map((run) => run.code)).toEqual([2, 2, 2]);
      expect(runs[0]!.stderr).toContain('MCP OAuth needs resource, the public URL of /mcp');
      expect(runs[1]!.stderr).toContain("oauth.resource must be an absolute URL, not 'api.example.com/mcp'");
      expect(runs[2]!.stderr).toContain(`oauth: 'a"b' is not a scope name`);
    },
    SLOW,
  );
});
