// The MCP `approval_status` tool reads an approved call's result from the approval store: a server restarted over the
// same PGlite folder still hands it to the caller who asked, and only to them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRegistry, type Registry } from '@affordance/core';
import { listenMCP } from '@affordance/mcp/node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../packages/store-postgres/src/index.js';
import { moveMoney } from '../support/move-money.js';

const TOKENS = {
  'ann-token': { id: 'ann', roles: ['mover'] },
  'bob-token': { id: 'bob', roles: ['mover'] },
};
const folder = mkdtempSync(join(tmpdir(), 'affordance-approval-status-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A server over the PGlite folder: `move_money` waits for a person. */
async function start(): Promise<{ url: string; registry: Registry; stop: () => Promise<void> }> {
  const store = await createPostgresStore({ dataDir: join(folder, 'db') });
  const registry = createRegistry({
    store,
    actions: [moveMoney()],
  });
  const listener = await listenMCP(registry, { tokens: TOKENS, approvals: { elicit: false } });
  return {
    url: listener.url,
    registry,
    stop: async () => {
      await listener.close();
      await store.close();
    },
  };
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'restart-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const text = (result: unknown) =>
  (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe('approval_status after a restart (PGlite folder)', () => {
  it("hands the approved call's result to the caller who asked, from the store", async () => {
    const first = await start();
    const ann = await connect(first.url, 'ann-token');
    const paused = (await ann.callTool({ name: 'move_money', arguments: { amount: 7 } })) as CallToolResult;
    const id = (paused._meta?.['affordance/approval'] as { id: string } | undefined)?.id ?? '';
    const approved = await first.registry.approvals.approve(id, { by: 'boss' });
    expect(approved).toMatchObject({ ok: true, value: 'moved 7' });
    await ann.close();
    await first.stop();

    const second = await start();
    try {
      const again = await connect(second.url, 'ann-token');
      const done = (await again.callTool({
        name: 'approval_status',
        arguments: { approvalId: id },
      })) as CallToolResult;
      expect(done.isError).toBeFalsy();
      expect(text(done)).toBe('moved 7');
      expect(done.structuredContent).toEqual({
        approvalId: id,
        name: 'move_money',
        status: 'done',
        decidedBy: 'boss',
      });
      await again.close();
      // Another user learns nothing of it, before or after a restart.
      const bob = await connect(second.url, 'bob-token');
      const stolen = await bob.callTool({ name: 'approval_status', arguments: { approvalId: id } });
      expect(stolen.isError).toBe(true);
      expect(JSON.stringify(stolen)).not.toContain('moved 7');
      await bob.close();
    } finally {
      await second.stop();
    }
  }, 60_000);
});
