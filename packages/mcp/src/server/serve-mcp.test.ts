import { createRegistry, defineAction, type Registry } from '@affordance/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type MCPServer, serveMCP } from './serve-mcp.js';
import type { ServeMCPOptions } from './types.js';

const servers: MCPServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function board(): Registry {
  const blocks = {
    'shape-1': { id: 'shape-1', type: 'shape', color: '#ff0000' },
    'secret-1': { id: 'secret-1', type: 'secret', value: 42 },
  };
  return createRegistry({
    targets: {
      get: (type, id) => Object.values(blocks).find((block) => block.type === type && block.id === id),
      list: () => Object.values(blocks),
    },
    actions: [
      defineAction({ name: 'first', description: 'The first action', handler: () => 1 }),
      defineAction({ name: 'second', description: 'The second action', roles: ['editor'], handler: () => 2 }),
      defineAction({ name: 'third', description: 'The third action', handler: () => 3 }),
      defineAction({
        name: 'where',
        description: 'Tell the context',
        handler: (_input, ctx) => ({
          tenant: (ctx.context as { tenant?: string }).tenant,
          session: ctx.sessionId,
        }),
      }),
    ],
  });
}

/** An SDK client connected in memory to `serveMCP(registry, options)`, as `user`. */
async function connect(
  registry: Registry,
  options: ServeMCPOptions = {},
  user?: { id: string; roles?: string[] },
) {
  const server = serveMCP(registry, options);
  servers.push(server);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide, user ? { user } : {});
  const client = new Client({ name: 'in-memory', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, server };
}

describe('serveMCP in memory', () => {
  it('pages tools/list when a page size is set, and refuses a cursor from before a change', async () => {
    const registry = board();
    const { client } = await connect(registry, { pageSize: 2 });
    const first = await client.listTools();
    expect(first.tools.map((tool) => tool.name)).toEqual(['first', 'third']);
    const second = await client.listTools({ cursor: first.nextCursor! });
    expect(second.tools.map((tool) => tool.name)).toEqual(['where']);
    expect(second.nextCursor).toBeUndefined();
    registry.register(defineAction({ name: 'fourth', description: 'Another', handler: () => 4 }));
    await expect(client.listTools({ cursor: first.nextCursor! })).rejects.toThrow(/Invalid cursor/);
  });

  it('shows role-gated tools and prompt entries only to users with the role', async () => {
    const registry = board();
    const { client: anonymous } = await connect(registry);
    const { client: editor } = await connect(registry, {}, { id: 'eda', roles: ['editor'] });
    expect((await anonymous.listTools()).tools.map((tool) => tool.name)).not.toContain('second');
    expect((await editor.listTools()).tools.map((tool) => tool.name)).toContain('second');
    const promptText = async (client: Client) => {
      const prompt = await client.getPrompt({ name: 'available_actions', arguments: { format: 'fenced' } });
      return (prompt.messages[0]!.content as { text: string }).text;
    };
    expect(await promptText(anonymous)).not.toContain('### second');
    expect(await promptText(editor)).toContain('### second');
    expect(await promptText(editor)).toContain('```agent-action');
  });

  it('hands the context function the caller, and runs calls in the connection session', async () => {
    const { client } = await connect(
      board(),
      { context: ({ user }) => ({ tenant: `tenant-of-${user?.id}` }) },
      { id: 'tom' },
    );
    const result = await client.callTool({ name: 'where', arguments: {} });
    const value = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as {
      tenant: string;
      session: string;
    };
    expect(value.tenant).toBe('tenant-of-tom');
    expect(value.session).toMatch(/^mcp_[0-9a-f-]{36}$/);
  });

  it('filters target resources per user, lists the target template, and answers -32002 for unknown resources', async () => {
    const { client } = await connect(board(), { targets: { filter: (target) => target.type !== 'secret' } });
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual([
      'affordance://targets/shape/shape-1',
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      expect.objectContaining({
        uriTemplate: 'affordance://targets/{type}/{id}',
        mimeType: 'application/json',
      }),
    ]);
    await expect(client.readResource({ uri: 'affordance://targets/secret/secret-1' })).rejects.toThrow(
      'MCP error -32002: Resource not found: affordance://targets/secret/secret-1',
    );
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/-32002/);
  });

  it('sends resources/updated only to sessions subscribed to the resource', async () => {
    const registry = board();
    const { client, server } = await connect(registry);
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updated.push(notification.params.uri);
    });
    await client.subscribeResource({ uri: 'affordance://targets/shape/shape-1' });
    await server.notifyResourceUpdated('affordance://targets/shape/shape-1');
    await server.notifyResourceUpdated('affordance://targets/secret/secret-1');
    await client.unsubscribeResource({ uri: 'affordance://targets/shape/shape-1' });
    await server.notifyResourceUpdated('affordance://targets/shape/shape-1');
    await client.ping();
    expect(updated).toEqual(['affordance://targets/shape/shape-1']);
  });

  it('checks required prompt arguments and completes argument values', async () => {
    const { client } = await connect(board(), {
      actionsPrompt: false,
      prompts: [
        {
          name: 'greet',
          description: 'Greet someone',
          arguments: [{ name: 'who', required: true }],
          get: (args) => ({
            messages: [{ role: 'user', content: { type: 'text', text: `Hello ${args.who}` } }],
          }),
          complete: { who: (value) => ['alice', 'alina', 'bob'].filter((name) => name.startsWith(value)) },
        },
      ],
    });
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['greet']);
    await expect(client.getPrompt({ name: 'greet', arguments: {} })).rejects.toThrow(
      'Prompt greet needs the argument(s) who',
    );
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'who', value: 'al' },
    });
    expect(completion.completion).toEqual({ values: ['alice', 'alina'], total: 2, hasMore: false });
  });

  it('stops following the registry and closes its sessions on close', async () => {
    const registry = board();
    const { server } = await connect(registry);
    expect(server.sessionCount).toBe(1);
    await server.close();
    expect(server.sessionCount).toBe(0);
  });
});
