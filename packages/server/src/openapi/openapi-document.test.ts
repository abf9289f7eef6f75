import { createCanvasRegistry } from '@affordance/canvas';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { ServerEnv } from '../server-env.js';
import { route } from './define-route.js';
import type { OpenAPIDocument } from './openapi-document.js';
import { undocumentedRoutes } from './undocumented-routes.js';

async function openServer() {
  const { registry } = createCanvasRegistry();
  const server = createServer({ registry, consoleDir: false });
  const response = await server.app.request('/api/openapi.json');
  expect(response.status).toBe(200);
  return { ...server, document: (await response.json()) as OpenAPIDocument };
}

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1 document that passes the validator', async () => {
    const { document, mcp } = await openServer();
    await mcp?.close();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route the server mounts', async () => {
    const { app, document, mcp } = await openServer();
    await mcp?.close();
    const missing = undocumentedRoutes(app.routes, document);
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/targets',
        '/api/actions',
        '/api/tools',
        '/api/actions/{name}/run',
        '/api/audit',
        '/api/approvals',
        '/api/approvals/{id}',
        '/api/openapi.json',
        '/mcp',
      ]),
    );
  });

  it('names a route mounted without a description, and documents one mounted with `route`', async () => {
    const { registry } = createCanvasRegistry();
    const { app } = createServer({ registry, consoleDir: false, mcp: false });
    app.get('/api/secret', (context) => context.text('hidden'));
    route(app, {
      method: 'post',
      path: '/api/things/:id',
      operationId: 'makeThing',
      summary: 'Make a thing',
      tags: ['things'],
      params: { id: { description: 'Its id', schema: { type: 'string' } } },
      responses: { 201: { description: 'Made', schema: { type: 'object' } } },
      errors: ['not_found'],
      handler: (context) => context.json({ id: context.req.param('id') }, 201),
    });
    const document = (await (await app.request('/api/openapi.json')).json()) as OpenAPIDocument;
    expect(undocumentedRoutes(app.routes, document)).toContain('GET /api/secret');
    expect(undocumentedRoutes(app.routes, document)).not.toContain('POST /api/things/:id');
    expect(document.paths['/api/things/{id}']?.post).toMatchObject({
      operationId: 'makeThing',
      parameters: [{ name: 'id', in: 'path', required: true }],
      responses: {
        201: { content: { 'application/json': { schema: { type: 'object' } } } },
        401: { description: 'Error unauthorized' },
        403: { description: 'Error forbidden_host, forbidden_origin' },
        404: { description: 'Error not_found' },
        415: { description: 'Error unsupported_media_type' },
        500: { description: 'Error internal_error' },
      },
    });
    const made = await app.request('/api/things/t-1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(await made.json()).toEqual({ id: 't-1' });
  });

  it('refuses two descriptions of the same method and path', async () => {
    const { registry } = createCanvasRegistry();
    const { app } = createServer({ registry, consoleDir: false, mcp: false });
    const spec = {
      method: 'get',
      path: '/api/targets',
      operationId: 'again',
      summary: 'Again',
      tags: ['targets'],
      responses: { 200: { description: 'ok' } },
      handler: () => new Response('again'),
    } as const;
    route<ServerEnv, string>(app, spec);
    expect((await app.request('/api/openapi.json')).status).toBe(500);
  });
});
