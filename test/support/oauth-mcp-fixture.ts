import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistry, defineAction, type Registry } from '@affordance/core';
import type { MCPOAuthOptions } from '@affordance/mcp';
import { getRequestListener } from '@hono/node-server';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
  type TestClient,
} from './oauth-authorization-server.js';

/** Clients of the test authorization server: a reader, an admin, and one holding neither MCP scope. */
export const CLIENTS = {
  reader: { id: 'reader-app', secret: 'reader-secret', scope: 'mcp:read' },
  admin: { id: 'admin-app', secret: 'admin-secret', scope: 'mcp:read mcp:admin' },
  outsider: { id: 'outsider-app', secret: 'outsider-secret', scope: 'mcp:other' },
} as const satisfies Record<string, TestClient>;

/** `mcp:read` is needed for every request and makes a viewer; `mcp:admin` makes an admin. */
export function oauthOptions(as: TestAuthorizationServer, resource: string): MCPOAuthOptions {
  return {
    issuer: as.issuer,
    jwksUrl: as.jwksUrl,
    resource,
    requiredScopes: ['mcp:read'],
    scopeRoles: { 'mcp:read': ['viewer'], 'mcp:admin': ['admin'] },
  };
}

/** A registry with a viewer action and an admin action that counts how often it really ran. */
export function oauthRegistry(): { registry: Registry; wiped: { count: number } } {
  const registry = createRegistry();
  const wiped = { count: 0 };
  registry.register(
    defineAction({
      name: 'read_note',
      description: 'Read the note',
      roles: ['viewer', 'admin'],
      handler: (_input, context) => `note for ${context.user?.id}`,
    }),
  );
  registry.register(
    defineAction({
      name: 'wipe_notes',
      description: 'Delete every note',
      roles: ['admin'],
      destructive: true,
      handler: () => {
        wiped.count += 1;
        return 'wiped';
      },
    }),
  );
  return { registry, wiped };
}

/**
 * A node:http server on 127.0.0.1 (a free port) whose fetch handler is built once its URL is known: the OAuth
 * resource URL has to name the port.
 */
export async function listenLate(
  build: (origin: string) => Parameters<typeof getRequestListener>[0],
): Promise<{ origin: string; close(): Promise<void> }> {
  let handler: ReturnType<typeof getRequestListener> | undefined;
  const server: Server = createServer((incoming, outgoing) => handler?.(incoming, outgoing));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handler = getRequestListener(build(origin));
  return {
    origin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export { startAuthorizationServer };
