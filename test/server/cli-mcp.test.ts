import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'affordance-mcp-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('affordance mcp', () => {
  it('serves the registry over stdio to an MCP client, as the local user', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        '--conditions=@affordance/source',
        '--import',
        'tsx',
        'packages/server/src/cli.ts',
        'mcp',
        '--data',
        folder,
      ],
      cwd: REPO_ROOT,
      env: { ...(process.env as Record<string, string>), DATABASE_URL: '', NO_COLOR: '1' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('shape_updateColor');
      const result = await client.callTool({
        name: 'shape_updateColor',
        arguments: { blockId: 'shape-1', color: '#abcdef' },
      });
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.content)).toContain('#abcdef');
    } finally {
      await client.close();
    }
  }, 180_000);
});
