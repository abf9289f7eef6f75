import type { MCPServer } from '@affordance/mcp';
import type { Hono } from 'hono';
import { route } from '../openapi/define-route.js';
import type { ServerEnv } from '../server-env.js';

/** Mount `/mcp`: the MCP Streamable HTTP endpoint (JSON-RPC over POST, the SSE stream on GET, DELETE ends a session). */
export function mountMcpRoute(app: Hono<ServerEnv>, server: MCPServer): void {
  route(app, {
    method: ['get', 'post', 'delete'],
    path: '/mcp',
    operationId: 'mcp',
    summary: 'MCP Streamable HTTP endpoint',
    description:
      'The Model Context Protocol over HTTP: POST JSON-RPC messages (answered as JSON or Server-Sent Events), GET the server-to-client stream, DELETE the session. Same API keys as the REST API; with `mcp.oauth`, also OAuth access tokens (MCP authorization).',
    tags: ['protocols'],
    body: { description: 'A JSON-RPC message or batch (POST)', schema: { type: ['object', 'array'] } },
    responses: {
      200: { description: 'JSON-RPC responses, or an event stream', contentType: 'text/event-stream' },
      202: { description: 'A notification or response was accepted' },
    },
    handler: (context) => server.fetch(context.req.raw),
  });
  const { oauth } = server;
  if (!oauth) return;
  // The document is built from the configured resource URL, never from the request's Host.
  oauth.metadataPaths.forEach((path, index) => {
    route(app, {
      method: 'get',
      path,
      operationId: index === 0 ? 'getProtectedResourceMetadata' : `getProtectedResourceMetadata${index + 1}`,
      summary: 'OAuth Protected Resource Metadata of /mcp (RFC 9728)',
      description:
        'Where MCP clients find the authorization server that issues tokens for /mcp, and the scopes it knows.',
      tags: ['protocols'],
      authenticated: false,
      responses: {
        200: {
          description: 'The metadata document',
          schema: {
            type: 'object',
            required: ['resource', 'authorization_servers'],
            properties: {
              resource: { type: 'string' },
              authorization_servers: { type: 'array', items: { type: 'string' } },
              scopes_supported: { type: 'array', items: { type: 'string' } },
              bearer_methods_supported: { type: 'array', items: { type: 'string' } },
              resource_name: { type: 'string' },
            },
          },
        },
      },
      handler: () => oauth.metadataResponse(),
    });
  });
}
