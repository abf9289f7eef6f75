import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clients: Client[] = [];

/** The official SDK client on the fixture registry served over stdio by a child process. */
async function connect(env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=@affordance/source', '--import', 'tsx', 'test/support/mcp-stdio-server.ts'],
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'inherit',
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

// One child process for the anonymous client; tests that change server state restore it.
let anonymousClient: Client;
beforeAll(async () => {
  anonymousClient = await connect();
});

describe('serveMCP over stdio', () => {
  it('lists the tools an anonymous client may see, with schemas as defined and hints as annotations', async () => {
    const client = anonymousClient;
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(['echo', 'shape_updateColor', 'count', 'log_lines', 'tools_add', 'tools_remove']);
    const echo = tools.find((tool) => tool.name === 'echo')!;
    expect(echo.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { words: { type: 'string', minLength: 1 } },
      properties: { text: { $ref: '#/$defs/words' } },
      required: ['text'],
      additionalProperties: false,
    });
    expect(echo.outputSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    });
    expect(echo.annotations).toEqual({ title: 'Echo', readOnlyHint: true, idempotentHint: true });
    const scoped = tools.find((tool) => tool.name === 'shape_updateColor')!;
    expect(scoped.inputSchema.required).toEqual(['blockId', 'color']);
  });

  it('calls a tool through registry.run and returns text plus structuredContent', async () => {
    const client = anonymousClient;
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"text":"hello"}' }],
      structuredContent: { text: 'hello' },
    });
  });

  it('answers a failing call with isError and the fix-it message, not a JSON-RPC error', async () => {
    const client = anonymousClient;
    const result = await client.callTool({
      name: 'shape_updateColor',
      arguments: { blockId: 'shape-1', color: 'red' },
    });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ type: string; text: string }>)[0]!.text;
    expect(text).toMatch(/^Error \(invalid_args\): /);
    expect(text).toContain('^#[0-9a-f]{6}$');
    expect(text).toContain("'red'");
    expect(result._meta?.['affordance/error']).toMatchObject({ code: 'invalid_args' });
  });

  it('hides tools beyond the connection user roles, and a call to one is refused like an unknown tool', async () => {
    const anonymous = anonymousClient;
    const hidden = await anonymous
      .callTool({ name: 'reset_board', arguments: {} })
      .catch((error: Error) => error);
    const unknown = await anonymous
      .callTool({ name: 'no_such_tool', arguments: {} })
      .catch((error: Error) => error);
    expect(hidden).toBeInstanceOf(Error);
    expect((hidden as Error).message).toBe('MCP error -32602: Unknown tool: reset_board');
    expect((unknown as Error).message).toBe('MCP error -32602: Unknown tool: no_such_tool');

    const admin = await connect({ MCP_TEST_USER: 'ada', MCP_TEST_ROLES: 'admin' });
    expect((await admin.listTools()).tools.map((tool) => tool.name)).toContain('reset_board');
    const result = await admin.callTool({ name: 'reset_board', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: 'board cleared' }] });
  });

  it('sends tools/list_changed after actions are registered and unregistered', async () => {
    const client = anonymousClient;
    let changes = 0;
    const changed = () =>
      new Promise<void>((resolve) => {
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
          changes++;
          resolve();
        });
      });
    let next = changed();
    await client.callTool({ name: 'tools_add', arguments: { name: 'alpha' } });
    await next;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('extra_alpha');
    expect(await client.callTool({ name: 'extra_alpha', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'alpha' }],
    });
    next = changed();
    await client.callTool({ name: 'tools_remove', arguments: { name: 'alpha' } });
    await next;
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('extra_alpha');
    expect(changes).toBe(2);
  });

  it('forwards ctx.progress as progress notifications for the request progress token', async () => {
    const client = anonymousClient;
    const seen: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await client.callTool({ name: 'count', arguments: { to: 3 } }, undefined, {
      onprogress: ({ progress, total, message }) => seen.push({ progress, total, message }),
    });
    expect(result.isError).toBeUndefined();
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it('sends log lines at or above the level the client set', async () => {
    const client = anonymousClient;
    const lines: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      lines.push(notification.params.data);
    });
    await client.callTool({ name: 'log_lines', arguments: {} });
    await client.setLoggingLevel('warning');
    await client.callTool({ name: 'log_lines', arguments: {} });
    await client.setLoggingLevel('info');
    expect(lines).toEqual(['info line', 'warning line', 'warning line']);
  });

  it('serves the targets as read-only JSON resources and the actions prompt', async () => {
    const client = anonymousClient;
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([
      'affordance://targets/shape/shape-1',
      'affordance://targets/markdown/md-1',
    ]);
    expect(resources[0]).toMatchObject({
      name: 'shape:shape-1',
      title: 'Red square',
      mimeType: 'application/json',
    });
    const read = await client.readResource({ uri: 'affordance://targets/shape/shape-1' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({
      id: 'shape-1',
      type: 'shape',
      title: 'Red square',
      color: '#ff0000',
    });
    const prompt = await client.getPrompt({ name: 'available_actions', arguments: {} });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text.startsWith('## AVAILABLE ACTIONS\nYou can perform the following actions using JSON:')).toBe(
      true,
    );
    expect(text).toContain('### echo');
    expect(text).not.toContain('reset_board');
  });
});
