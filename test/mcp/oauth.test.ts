import { createRegistry, type Registry } from '@affordance/core';
import { createOAuthResource, type MCPServer, serveMCP } from '@affordance/mcp';
import { importMCP } from '@affordance/mcp/client';
import { listenMCP } from '@affordance/mcp/node';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAuthorizationServer } from '../support/oauth-authorization-server.js';
import {
  CLIENTS,
  listenLate,
  MemoryCodeFlowProvider,
  oauthOptions,
  oauthRegistry,
  signIn,
  startAuthorizationServer,
} from '../support/oauth-mcp-fixture.js';

// A real authorization server (node-oidc-provider) issues the tokens; the MCP SDK's client-credentials provider
// finds it from the served Protected Resource Metadata, as any MCP client would.
describe('MCP authorization: importMCP signs in with OAuth client credentials', () => {
  let as: TestAuthorizationServer;
  let served: { registry: Registry; wiped: { count: number } };
  let mcp: MCPServer;
  let listening: { origin: string; close(): Promise<void> };
  let resource: string;

  beforeAll(async () => {
    as = await startAuthorizationServer(Object.values(CLIENTS));
    served = oauthRegistry();
    listening = await listenLate((origin) => {
      resource = `${origin}/mcp`;
      mcp = serveMCP(served.registry, { oauth: oauthOptions(as, resource) });
      return (request) => mcp.fetch(request);
    });
  });
  afterAll(async () => {
    await mcp.close();
    await listening.close();
    await as.close();
  });

  const provider = (client: { readonly id: string; readonly secret: string; readonly scope: string }) =>
    new ClientCredentialsProvider({
      clientId: client.id,
      clientSecret: client.secret,
      scope: client.scope,
      expectedIssuer: as.issuer,
    });

  it('a reader imports only the tools its scope grants, and calls run as its subject', async () => {
    const local = createRegistry();
    const imported = await importMCP(
      { url: resource },
      { namespace: 'remote', registry: local, authProvider: provider(CLIENTS.reader) },
    );
    try {
      expect(local.names()).toEqual(['remote_read_note']);
      const result = await local.run({ name: 'remote_read_note', args: {}, user: { id: 'me' } });
      expect(result).toMatchObject({ ok: true, modelOutput: 'note for reader-app' });
      const { records } = await served.registry.store.audit.query({});
      expect(records.map(({ name, userId, outcome }) => ({ name, userId, outcome }))).toContainEqual({
        name: 'read_note',
        userId: 'reader-app',
        outcome: 'ok',
      });
    } finally {
      await imported.close();
    }
  });

  it('an admin sees and runs the admin action', async () => {
    const local = createRegistry();
    const imported = await importMCP(
      { url: resource },
      { namespace: 'remote', registry: local, authProvider: provider(CLIENTS.admin) },
    );
    try {
      expect(local.names().sort()).toEqual(['remote_read_note', 'remote_wipe_notes']);
      const before = served.wiped.count;
      const result = await local.run({ name: 'remote_wipe_notes', args: {}, user: { id: 'me' } });
      expect(result).toMatchObject({ ok: true });
      expect(served.wiped.count).toBe(before + 1);
    } finally {
      await imported.close();
    }
  });

  it('a client whose token lacks the required scope cannot connect (403 insufficient_scope)', async () => {
    await expect(
      importMCP({ url: resource }, { namespace: 'remote', authProvider: provider(CLIENTS.outsider) }),
    ).rejects.toThrow(/Server returned 403/);
  });

  it('a person signs in with the authorization code flow (PKCE), the browser part played headlessly', async () => {
    const provider = new MemoryCodeFlowProvider(CLIENTS.desktop);
    // The first connection finds no token: the SDK sends the person to the authorization server and stops.
    await expect(
      importMCP({ url: resource }, { namespace: 'remote', authProvider: provider }),
    ).rejects.toThrow(/Unauthorized/);
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.origin).toBe(as.issuer);
    expect(authorizationUrl.searchParams.get('resource')).toBe(resource);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const code = await signIn(authorizationUrl, CLIENTS.desktop.redirectUri, 'alice');
    expect(await auth(provider, { serverUrl: resource, authorizationCode: code })).toBe('AUTHORIZED');
    const local = createRegistry();
    const imported = await importMCP(
      { url: resource },
      { namespace: 'remote', registry: local, authProvider: provider },
    );
    try {
      // The token carries the scope the server asked for (mcp:read): alice is a viewer.
      expect(local.names()).toEqual(['remote_read_note']);
      const result = await local.run({ name: 'remote_read_note', args: {}, user: { id: 'me' } });
      expect(result).toMatchObject({ ok: true, modelOutput: 'note for alice' });
    } finally {
      await imported.close();
    }
  });

  it('a wrong client secret gets no token and no connection', async () => {
    await expect(
      importMCP(
        { url: resource },
        {
          namespace: 'remote',
          authProvider: new ClientCredentialsProvider({
            clientId: CLIENTS.admin.id,
            clientSecret: 'guessed',
            expectedIssuer: as.issuer,
          }),
        },
      ),
    ).rejects.toThrow(/OAuth error/);
  });
});

describe('MCP authorization: listenMCP serves the metadata beside /mcp', () => {
  it('publishes RFC 9728 metadata at both well-known paths and challenges with its URL', async () => {
    const as = await startAuthorizationServer([CLIENTS.reader]);
    // The resource URL must name the port before listening: ask for a free one first.
    const probe = await listenLate(() => () => new Response());
    const port = new URL(probe.origin).port;
    await probe.close();
    const resource = `http://127.0.0.1:${port}/mcp`;
    const listener = await listenMCP(oauthRegistry().registry, {
      port: Number(port),
      oauth: oauthOptions(as, resource),
    });
    try {
      const metadataUrl = `http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`;
      const expected = {
        resource,
        authorization_servers: [as.issuer],
        scopes_supported: ['mcp:admin', 'mcp:read'],
        bearer_methods_supported: ['header'],
      };
      for (const url of [metadataUrl, `http://127.0.0.1:${port}/.well-known/oauth-protected-resource`]) {
        const answer = await fetch(url);
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual(expected);
      }
      const refused = await fetch(resource, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${metadataUrl}", scope="mcp:read"`,
      );
    } finally {
      await listener.close();
      await as.close();
    }
  });
});

describe('MCP authorization: the key set found from the issuer metadata (RFC 8414)', () => {
  it('verifies a real token without jwksUrl, and refuses metadata that names another issuer', async () => {
    const as = await startAuthorizationServer([CLIENTS.reader]);
    try {
      const resource = 'http://127.0.0.1:1/mcp';
      const token = await as.token({ client: CLIENTS.reader, resource, scope: 'mcp:read' });
      const discovered = createOAuthResource({
        issuer: as.issuer,
        resource,
        scopeRoles: { 'mcp:read': ['viewer'] },
      });
      expect(await discovered.verify(token)).toMatchObject({
        user: { id: 'reader-app', roles: ['viewer'] },
        authInfo: { clientId: 'reader-app', scopes: ['mcp:read'] },
      });
      // Configured as `<issuer>/`, the metadata's issuer does not match: no keys are trusted (503, not 401).
      const mismatched = createOAuthResource({ issuer: `${as.issuer}/`, resource });
      const verdict = await mismatched.verify(token);
      expect('refused' in verdict && verdict.refused.status).toBe(503);
    } finally {
      await as.close();
    }
  });
});
