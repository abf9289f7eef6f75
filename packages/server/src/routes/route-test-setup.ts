import { createCanvasRegistry, DEMO_USERS } from '@affordance/canvas';
import { createServer, type ServerOptions } from '../create-server.js';
import { documentedRoutes } from '../openapi/define-route.js';
import { openAPIDocument } from '../openapi/openapi-document.js';
import { responseChecker } from '../openapi/response-checker.js';

/** API keys of the demo's editor (`key-ana`) and viewer (`key-vic`), for route tests. */
export const TEST_KEYS = { 'key-ana': DEMO_USERS.editor, 'key-vic': DEMO_USERS.viewer };

/** A request as route tests write it: `json` sends a JSON body (POST unless a method is given). */
export type TestRequestInit = RequestInit & { readonly json?: unknown };

/**
 * The canvas demo behind an in-process server (no MCP, no console), and `request`, which calls `app.request` and
 * throws when the answer departs from the server's own OpenAPI document (route, status, media type or body).
 */
export function routeTestServer(options: Omit<ServerOptions, 'registry'> = {}) {
  const canvas = createCanvasRegistry();
  const { app } = createServer({ registry: canvas.registry, mcp: false, consoleDir: false, ...options });
  const check = responseChecker(openAPIDocument(documentedRoutes(app), { title: 'test', version: '0' }));
  const request = async (path: string, init: TestRequestInit = {}): Promise<Response> => {
    const { json, ...rest } = init;
    const method = rest.method ?? (json !== undefined ? 'POST' : 'GET');
    const response = await app.request(path, {
      ...rest,
      method,
      ...(json !== undefined
        ? { body: JSON.stringify(json), headers: { 'content-type': 'application/json', ...rest.headers } }
        : {}),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    const body = contentType?.startsWith('application/json') ? JSON.parse(text) : text;
    const issues = check({
      method,
      path: new URL(path, 'http://localhost').pathname,
      status: response.status,
      contentType,
      body,
    });
    if (issues.length > 0)
      throw new Error(`the answer departs from the OpenAPI document:\n${issues.join('\n')}`);
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return { ...canvas, app, request };
}

/** The JSON body of a run request: `{ args, ...extra }`. */
export function runBody(args: unknown, extra: Record<string, unknown> = {}): TestRequestInit {
  return { method: 'POST', json: { args, ...extra } };
}
