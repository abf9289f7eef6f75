import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { MCPServer } from '@affordance/mcp';
import { listenMCP, type MCPListener } from '@affordance/mcp/node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceFixture } from '../support/mcp-conformance-server.js';
import expected from './conformance-expected-failures.json' with { type: 'json' };

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Check {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO';
  readonly errorMessage?: string;
}

/** Run the official conformance CLI (the version pinned in package.json) with npx. */
function conformance(args: string[], cwd: string) {
  return run('npx', ['--no-install', 'conformance', ...args], {
    cwd,
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; code?: number }) => ({
    stdout: error.stdout ?? '',
    stderr: '',
    code: error.code,
  }));
}

let mcp: MCPServer;
let listener: MCPListener;
let url: string;

beforeAll(async () => {
  const { registry, options } = conformanceFixture();
  const started = await listenMCP(registry, { ...options, host: '127.0.0.1' });
  listener = started;
  mcp = started.server;
  url = `http://127.0.0.1:${listener.port}/mcp`;
});

afterAll(async () => {
  await listener.close();
  await mcp.close();
});

describe('the official MCP conformance suite against serveMCP over Streamable HTTP', () => {
  it('passes every server scenario, except the expected failures', { timeout: 240_000 }, async () => {
    const listed = await conformance(['list', '--server'], repoRoot);
    const scenarios = listed.stdout
      .split('\n')
      .map((line) => /^\s+- (\S+)$/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(scenarios.length).toBeGreaterThanOrEqual(30);

    const output = await mkdtemp(path.join(tmpdir(), 'mcp-conformance-'));
    try {
      await conformance(['server', '--url', url, '--suite', 'all', '--output-dir', output], repoRoot);
      const failures: Record<string, string[]> = {};
      const ran = new Set<string>();
      for (const folder of await readdir(output)) {
        const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
        if (!scenario) continue;
        ran.add(scenario);
        const checks = JSON.parse(
          await readFile(path.join(output, folder, 'checks.json'), 'utf8'),
        ) as Check[];
        const failed = checks.filter((check) => check.status === 'FAILURE');
        if (failed.length > 0)
          failures[scenario] = failed.map((check) => `${check.id}: ${check.errorMessage ?? ''}`);
      }
      expect([...ran].sort()).toEqual([...scenarios].sort());
      const unexpected = Object.fromEntries(
        Object.entries(failures).filter(([scenario]) => !(scenario in expected.server)),
      );
      const stale = Object.keys(expected.server).filter((scenario) => !(scenario in failures));
      expect(unexpected).toEqual({});
      expect(stale).toEqual([]);
    } finally {
      await rm(output, { recursive: true, force: true });
    }
  });

  it('resumes a call whose SSE stream the tool closed, for a client of protocol 2025-11-25', async () => {
    const client = new Client({ name: 'resume-test', version: '1.0.0' });
    const resumed: string[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      reconnectionOptions: {
        initialReconnectionDelay: 10,
        maxReconnectionDelay: 100,
        reconnectionDelayGrowFactor: 1,
        maxRetries: 5,
      },
      fetch: (input, init) => {
        const lastEventId = new Headers(init?.headers).get('last-event-id');
        if (init?.method === 'GET' && lastEventId) resumed.push(lastEventId);
        return fetch(input, init);
      },
    });
    await client.connect(transport);
    const result = await client.callTool({ name: 'test_reconnection', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Reconnection test completed' }] });
    // The answer came over a GET that resumed the closed stream after its last event.
    expect(resumed).toHaveLength(1);
    await client.close();
  });
});
