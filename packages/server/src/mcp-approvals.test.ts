import type { AddressInfo } from 'node:net';
import { createMemoryStore, createRegistry, defineAction } from '@affordance/core';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type ServerOptions } from './create-server.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function start(options: Omit<ServerOptions, 'registry'>) {
  const registry = createRegistry({
    store: createMemoryStore(),
    actions: [
      defineAction({
        name: 'publish',
        description: 'Publish',
        approval: 'always',
        handler: () => 'published',
      }),
    ],
  });
  const { app } = createServer({ registry, consoleDir: false, ...options });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { registry, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` };
}

/** The official client, declaring form elicitation and approving whatever it is asked; `asked` counts the forms. */
async function approvingClient(url: string, token?: string) {
  const asked = { count: 0 };
  const client = new Client(
    { name: 'server-mcp-test', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  client.setRequestHandler(ElicitRequestSchema, () => {
    asked.count++;
    return { action: 'accept', content: { approve: true } };
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
    }),
  );
  stops.push(() => client.close());
  return { client, asked };
}

describe("approvals over the server's /mcp follow its separation of duties", () => {
  it('asks the keyless local user, who may approve their own calls', async () => {
    const { url } = await start({});
    const { client, asked } = await approvingClient(url);
    const result = (await client.callTool({ name: 'publish', arguments: {} })) as CallToolResult;
    expect(asked.count).toBe(1);
    expect(result.content).toEqual([{ type: 'text', text: 'published' }]);
  });

  it('never asks a caller the policy forbids to decide (an admin asking for their own call, an agent key)', async () => {
    const { url, registry } = await start({
      users: {
        keys: { 'admin-key': { id: 'ada', roles: ['admin'] }, 'agent-key': { id: 'bot', roles: [] } },
      },
    });
    for (const token of ['admin-key', 'agent-key']) {
      const { client, asked } = await approvingClient(url, token);
      const result = (await client.callTool({ name: 'publish', arguments: {} })) as CallToolResult;
      expect(asked.count).toBe(0);
      expect(result._meta?.['affordance/error']).toMatchObject({ code: 'approval_required' });
    }
    expect((await registry.approvals.list()).map((approval) => approval.status)).toEqual([
      'pending',
      'pending',
    ]);
  });

  it('asks an admin when self-approval is allowed', async () => {
    const { url } = await start({
      users: { keys: { 'admin-key': { id: 'ada', roles: ['admin'] } } },
      allowSelfApproval: true,
    });
    const { client, asked } = await approvingClient(url, 'admin-key');
    const result = (await client.callTool({ name: 'publish', arguments: {} })) as CallToolResult;
    expect(asked.count).toBe(1);
    expect(result.isError).toBeFalsy();
  });
});
