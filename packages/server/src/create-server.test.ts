import { createCanvasRegistry, DEMO_USERS } from '@affordance/canvas';
import { describe, expect, it } from 'vitest';
import { createServer, type ServerOptions } from './create-server.js';

const KEYS = { 'key-ana': DEMO_USERS.editor, 'key-vic': DEMO_USERS.viewer };

function setup(options: Omit<ServerOptions, 'registry'> = {}) {
  const canvas = createCanvasRegistry();
  const { app } = createServer({ registry: canvas.registry, mcp: false, ...options });
  const request = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    return app.request(path, {
      ...rest,
      ...(json !== undefined
        ? {
            method: rest.method ?? 'POST',
            body: JSON.stringify(json),
            headers: { 'content-type': 'application/json', ...rest.headers },
          }
        : {}),
    });
  };
  return { ...canvas, app, request };
}

describe('GET /api/health and /', () => {
  it('answers health with the action count', async () => {
    const { request, registry } = setup();
    const response = await request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      actions: registry.names().length,
      version: registry.version,
      storage: 'memory',
    });
  });

  it('serves a home page that says the console is not built and links to the API', async () => {
    const { request } = setup({ consoleDir: false });
    const response = await request('/');
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('console is not built yet');
    expect(html).toContain('href="/api/actions"');
    expect(html).toContain('href="/api/health"');
  });

  it('answers an unknown route with a typed 404', async () => {
    const response = await setup().request('/api/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'no route GET /api/nothing' },
    });
  });
});

describe('/mcp', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  };
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    host: 'localhost',
  };

  it('mounts the MCP Streamable HTTP endpoint', async () => {
    const { registry } = createCanvasRegistry();
    const { app, mcp } = createServer({ registry });
    const response = await app.request('http://localhost/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"serverInfo":{"name":"affordance"');
    await mcp?.close();
  });

  it('asks for the same API keys as the REST API', async () => {
    const { registry } = createCanvasRegistry();
    const { app, mcp } = createServer({ registry, users: { keys: KEYS } });
    const anonymous = await app.request('http://localhost/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify(initialize),
    });
    expect(anonymous.status).toBe(401);
    const ana = await app.request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer key-ana' },
      body: JSON.stringify(initialize),
    });
    expect(ana.status).toBe(200);
    await mcp?.close();
  });
});
