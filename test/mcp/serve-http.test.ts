import { defineAction, type Registry } from '@affordance/core';
import type { MCPServer } from '@affordance/mcp';
import { listenMCP, type MCPListener } from '@affordance/mcp/node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureRegistry } from '../support/mcp-fixture-registry.js';

const TOKENS = {
  'viewer-token': { id: 'vic', roles: ['viewer'] },
  'admin-token': { id: 'ada', roles: ['admin'] },
};
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

let registry: Registry;
let mcp: MCPServer;
let listener: MCPListener;
const clients: Client[] = [];

beforeAll(async () => {
  registry = createFixtureRegistry();
  const started = await listenMCP(registry, { tokens: TOKENS, maxBodyBytes: 64 * 1024 });
  listener = started;
  mcp = started.server;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await listener.close();
  await mcp.close();
});

async function connect(
  token: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport; streamOpen: Promise<void> }> {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  // The client opens the standalone GET stream (where list_changed travels) after connecting; tell when it is up.
  let opened: () => void = () => {};
  const streamOpen = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const transport = new StreamableHTTPClientTransport(new URL(listener.url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'GET' && response.ok) opened();
      return response;
    },
  });
  await client.connect(transport);
  clients.push(client);
  return { client, transport, streamOpen };
}

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(listener.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('serveMCP over Streamable HTTP', () => {
  it('lists the tools of the token user and filters by role', async () => {
    const { client: viewer } = await connect('viewer-token');
    const { client: admin } = await connect('admin-token');
    const viewerNames = (await viewer.listTools()).tools.map((tool) => tool.name);
    const adminNames = (await admin.listTools()).tools.map((tool) => tool.name);
    expect(viewerNames).not.toContain('reset_board');
    expect(adminNames).toEqual([...viewerNames.slice(0, 2), 'reset_board', ...viewerNames.slice(2)]);
    const refused = await viewer
      .callTool({ name: 'reset_board', arguments: {} })
      .catch((error: Error) => error.message);
    expect(refused).toBe('MCP error -32602: Unknown tool: reset_board');
  });

  it('calls a tool, and answers a failing call with isError and its fix-it text', async () => {
    const { client } = await connect('viewer-token');
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toEqual({
      content: [{ type: 'text', text: '{"text":"hi"}' }],
      structuredContent: { text: 'hi' },
    });
    const failed = await client.callTool({ name: 'echo', arguments: { text: '' } });
    expect(failed.isError).toBe(true);
    expect((failed.content as Array<{ text: string }>)[0]!.text).toMatch(/^Error \(invalid_args\): .*text/);
  });

  it('runs every call as the token user, in the MCP session, into the audit log', async () => {
    const { client, transport } = await connect('admin-token');
    await client.callTool({ name: 'echo', arguments: { text: 'audited' } });
    const { records } = await registry.store.audit.query({ sessionId: transport.sessionId! });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      name: 'echo',
      userId: 'ada',
      outcome: 'ok',
      args: { text: 'audited' },
    });
  });

  it('sends tools/list_changed when the registry changes', async () => {
    const { client, streamOpen } = await connect('viewer-token');
    await streamOpen;
    const notified = () =>
      new Promise<void>((resolve) =>
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
      );
    let next = notified();
    const remove = registry.register(
      defineAction({
        name: 'late_arrival',
        description: 'Registered after connect',
        handler: () => 'here',
      }),
    );
    await next;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('late_arrival');
    next = notified();
    remove();
    await next;
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('late_arrival');
  });

  it('forwards progress notifications over the request stream', async () => {
    const { client } = await connect('viewer-token');
    const seen: number[] = [];
    await client.callTool({ name: 'count', arguments: { to: 4 } }, undefined, {
      onprogress: ({ progress }) => seen.push(progress),
    });
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('aborts the registry call when the client cancels the request', async () => {
    const { client, transport } = await connect('viewer-token');
    const cancel = new AbortController();
    const ended = new Promise<string>((resolve) =>
      registry.on('call-end', (event) => {
        if (event.result.name === 'count' && !event.result.ok) resolve(event.result.error.code);
      }),
    );
    const call = client.callTool({ name: 'count', arguments: { to: 20 } }, undefined, {
      signal: cancel.signal,
      onprogress: () => cancel.abort('enough'),
    });
    await expect(call).rejects.toThrow();
    expect(await ended).toBe('aborted');
    const { records } = await registry.store.audit.query({ sessionId: transport.sessionId!, name: 'count' });
    expect(records[0]).toMatchObject({ outcome: 'error', errorCode: 'aborted' });
  });

  it('answers 401 with WWW-Authenticate: Bearer without a token or with an unknown one', async () => {
    const missing = await post(INIT);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="mcp"');
    const wrong = await post(INIT, { authorization: 'Bearer not-a-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="mcp", error="invalid_token"');
    const client = new Client({ name: 'no-token', version: '1' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(listener.url)))).rejects.toThrow();
  });

  it('answers 403 to a foreign Origin or Host (DNS rebinding) and accepts the local ones', async () => {
    const auth = { authorization: 'Bearer viewer-token' };
    const foreignOrigin = await post(INIT, { ...auth, origin: 'http://evil.example.com' });
    expect(foreignOrigin.status).toBe(403);
    expect(await foreignOrigin.json()).toMatchObject({
      error: {
        message: expect.stringMatching(/^Forbidden: a page of "http:\/\/evil\.example\.com" may not call/),
      },
    });
    const otherPort = await post(INIT, { ...auth, origin: 'http://localhost:1' });
    expect(otherPort.status).toBe(403);
    const local = await post(INIT, { ...auth, origin: `http://localhost:${listener.port}` });
    expect(local.status).toBe(200);
    const foreignHost = await mcp.fetch(
      new Request('http://evil.example.com/mcp', {
        method: 'POST',
        headers: {
          ...auth,
          host: 'evil.example.com',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(INIT),
      }),
    );
    expect(foreignHost.status).toBe(403);
  });

  it('answers 413 to a body over the size limit', async () => {
    const big = JSON.stringify({ ...INIT, params: { ...INIT.params, padding: 'x'.repeat(70 * 1024) } });
    const response = await post(big, { authorization: 'Bearer viewer-token' });
    expect(response.status).toBe(413);
  });

  it('keeps a session to the principal that opened it', async () => {
    const { transport } = await connect('viewer-token');
    const response = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      {
        authorization: 'Bearer admin-token',
        'mcp-session-id': transport.sessionId!,
        'mcp-protocol-version': '2025-06-18',
      },
    );
    expect(response.status).toBe(404);
  });

  it('answers 400 to a request without session that is not initialize, and 405 to other methods', async () => {
    const auth = { authorization: 'Bearer viewer-token' };
    expect((await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, auth)).status).toBe(400);
    expect((await post('{"jsonrpc": "2.0", ', auth)).status).toBe(400);
    expect((await fetch(listener.url, { method: 'PUT', headers: auth })).status).toBe(405);
  });

  it('mounts in any fetch server: the handler answers web Requests in process', async () => {
    const response = await mcp.fetch(
      new Request(`http://localhost:${listener.port}/mcp`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer viewer-token',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(INIT),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    const text = await response.text();
    expect(text).toContain('"serverInfo":{"name":"affordance","version":"0.1.0"}');
  });

  it('listenMCP serves a registry in one step, with the allowed Host on its own port', async () => {
    const started = await listenMCP(createFixtureRegistry(), { path: '/tools' });
    try {
      expect(started.url).toBe(`http://127.0.0.1:${started.port}/tools`);
      const client = new Client({ name: 'listen-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(started.url)));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('echo');
      expect(started.server.sessionCount).toBe(1);
      await client.close();
      const wrongPath = await fetch(started.url.replace('/tools', '/mcp'), { method: 'POST', body: '{}' });
      expect(wrongPath.status).toBe(404);
    } finally {
      await started.close();
    }
  });

  it('listenMCP rejects a port already taken', async () => {
    await expect(listenMCP(createFixtureRegistry(), { port: listener.port })).rejects.toThrow(/EADDRINUSE/);
  });
});
