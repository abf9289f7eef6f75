import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistry, defineAction, type Registry } from '@affordance/core';
import type { MCPOAuthOptions } from '@affordance/mcp';
import { getRequestListener } from '@hono/node-server';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { TestAuthorizationServer, TestClient } from './oauth-authorization-server.js';

/**
 * Clients of the test authorization server: a reader, an admin, one holding neither MCP scope (client credentials),
 * and a desktop app whose user signs in (authorization code).
 */
export const CLIENTS = {
  reader: { id: 'reader-app', secret: 'reader-secret', scope: 'mcp:read' },
  admin: { id: 'admin-app', secret: 'admin-secret', scope: 'mcp:read mcp:admin' },
  outsider: { id: 'outsider-app', secret: 'outsider-secret', scope: 'mcp:other' },
  desktop: { id: 'desktop-app', scope: 'mcp:read mcp:admin', redirectUri: 'http://127.0.0.1/callback' },
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

/**
 * An MCP SDK auth provider for a pre-registered public client of the authorization code flow, keeping its tokens
 * and PKCE verifier in memory; the URL it was sent to sign in at is `authorizationUrl`, for `signIn` to follow.
 */
export class MemoryCodeFlowProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  constructor(private readonly client: { readonly id: string; readonly redirectUri: string }) {}
  get redirectUrl() {
    return this.client.redirectUri;
  }
  get clientMetadata() {
    return {
      redirect_uris: [this.client.redirectUri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    };
  }
  clientInformation() {
    return { client_id: this.client.id };
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export { signIn, startAuthorizationServer } from './oauth-authorization-server.js';
