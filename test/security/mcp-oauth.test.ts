import { type AffordanceServer, createServer } from '@affordance/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { exportSPKI, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAuthorizationServer } from '../support/oauth-authorization-server.js';
import {
  CLIENTS,
  listenLate,
  oauthOptions,
  oauthRegistry,
  startAuthorizationServer,
} from '../support/oauth-mcp-fixture.js';
import { rawRequest } from './raw-request.js';

// `/mcp` of the real server (createServer, node:http) as an OAuth protected resource, attacked with the tokens an
// attacker could bring. The tokens that should pass come from a real authorization server (node-oidc-provider).
describe('/mcp with OAuth: forged, stolen-for-elsewhere and under-scoped tokens are refused', () => {
  let as: TestAuthorizationServer;
  let built: AffordanceServer;
  let listening: { origin: string; close(): Promise<void> };
  let wiped: { count: number };
  let resource: string;
  let metadataUrl: string;

  beforeAll(async () => {
    as = await startAuthorizationServer(Object.values(CLIENTS));
    const fixture = oauthRegistry();
    wiped = fixture.wiped;
    listening = await listenLate((origin) => {
      resource = `${origin}/mcp`;
      metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
      built = createServer({
        registry: fixture.registry,
        consoleDir: false,
        users: { keys: { 'ops-key': { id: 'ops', roles: ['admin'] } } },
        mcp: { oauth: oauthOptions(as, resource) },
      });
      return built.app.fetch;
    });
  });
  afterAll(async () => {
    await built.mcp?.close();
    built.streams.close();
    built.events.close();
    await listening.close();
    await as.close();
  });

  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'attacker', version: '1' },
    },
  });
  const post = (authorization?: string) =>
    rawRequest(resource, {
      method: 'POST',
      headers: {
        host: new URL(resource).host,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(authorization !== undefined ? { authorization } : {}),
      },
      body: initialize,
    });
  const now = () => Math.floor(Date.now() / 1000);
  /** A token signed with the authorization server's own key, with these claims over good ones. */
  const mint = async (claims: JWTPayload) => {
    const key = await importJWK(as.signingKey, 'ES256');
    return new SignJWT({
      iss: as.issuer,
      aud: resource,
      sub: 'mallory',
      client_id: 'mallory',
      scope: 'mcp:read mcp:admin',
      iat: now(),
      exp: now() + 300,
      ...claims,
    })
      .setProtectedHeader({ alg: 'ES256', kid: as.signingKey.kid, typ: 'at+jwt' })
      .sign(key);
  };
  const expectInvalid = async (token: string, description: string) => {
    const answer = await post(`Bearer ${token}`);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${metadataUrl}", error="invalid_token", error_description="${description}", scope="mcp:read"`,
    );
  };

  it('no token: 401 naming the resource metadata and the scope to ask for', async () => {
    const answer = await post();
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${metadataUrl}", scope="mcp:read"`,
    );
  });

  it('a real token opens a session that only its subject may use, each request checked again', async () => {
    const token = await as.token({ client: CLIENTS.reader, resource, scope: 'mcp:read' });
    const answer = await post(`Bearer ${token}`);
    expect(answer.status).toBe(200);
    const session = String(answer.headers['mcp-session-id']);
    const ping = (authorization: string) =>
      rawRequest(resource, {
        method: 'POST',
        headers: {
          host: new URL(resource).host,
          authorization,
          'mcp-session-id': session,
          'mcp-protocol-version': '2025-06-18',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      });
    expect((await ping(`Bearer ${token}`)).status).toBe(200);
    // The same subject with a token that has expired since: refused at this request, session or not.
    const expired = await mint({
      sub: 'reader-app',
      client_id: 'reader-app',
      iat: now() - 600,
      exp: now() - 60,
    });
    expect((await ping(`Bearer ${expired}`)).status).toBe(401);
    // Another subject's valid token cannot use the reader's session.
    const admin = await as.token({ client: CLIENTS.admin, resource, scope: 'mcp:read mcp:admin' });
    expect((await ping(`Bearer ${admin}`)).status).toBe(404);
  });

  it('an expired token, even correctly signed', async () => {
    await expectInvalid(await mint({ iat: now() - 600, exp: now() - 60 }), 'the token has expired');
  });

  it('a real token issued for another resource (audience)', async () => {
    const token = await as.token({ client: CLIENTS.admin, resource: 'http://127.0.0.1:1/other-mcp' });
    await expectInvalid(token, 'the token is not for this resource (audience)');
  });

  it('a token naming another issuer', async () => {
    await expectInvalid(
      await mint({ iss: 'http://evil.example' }),
      'the token is not from the accepted issuer',
    );
  });

  it('a token signed by another key under the server key id', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({
      iss: as.issuer,
      aud: resource,
      sub: 'm',
      scope: 'mcp:admin',
      exp: now() + 60,
    })
      .setProtectedHeader({ alg: 'ES256', kid: as.signingKey.kid })
      .sign(privateKey);
    await expectInvalid(token, 'the token is not signed by a key of the authorization server');
  });

  it('tokens naming unknown key ids cannot make the server hammer the key set endpoint', async () => {
    const before = as.requests.get('/jwks') ?? 0;
    const { privateKey } = await generateKeyPair('ES256');
    for (let index = 0; index < 20; index += 1) {
      const token = await new SignJWT({ iss: as.issuer, aud: resource, sub: 'm', exp: now() + 60 })
        .setProtectedHeader({ alg: 'ES256', kid: `random-${index}` })
        .sign(privateKey);
      expect((await post(`Bearer ${token}`)).status).toBe(401);
    }
    // jose refetches for an unknown kid at most once per 30 s cooldown.
    expect((as.requests.get('/jwks') ?? 0) - before).toBeLessThanOrEqual(1);
  });

  it('alg none', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { iss: as.issuer, aud: resource, sub: 'm', scope: 'mcp:read mcp:admin', exp: now() + 60 };
    const answer = await post(`Bearer ${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('HS256 signed with the published public key as the secret', async () => {
    const jwks = (await (await fetch(as.jwksUrl)).json()) as { keys: JWK[] };
    const publicJwk = jwks.keys[0]!;
    const pem = await exportSPKI((await importJWK(publicJwk, 'ES256')) as CryptoKey);
    for (const secret of [JSON.stringify(publicJwk), pem]) {
      const token = await new SignJWT({
        iss: as.issuer,
        aud: resource,
        sub: 'm',
        scope: 'mcp:read',
        exp: now() + 60,
      })
        .setProtectedHeader({ alg: 'HS256', kid: publicJwk.kid! })
        .sign(new TextEncoder().encode(secret));
      await expectInvalid(token, 'the token is signed with an algorithm this server does not accept');
    }
  });

  it('a real token without the required scope: 403 insufficient_scope', async () => {
    const token = await as.token({ client: CLIENTS.outsider, resource, scope: 'mcp:other' });
    const answer = await post(`Bearer ${token}`);
    expect(answer.status).toBe(403);
    expect(answer.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${metadataUrl}", error="insufficient_scope", error_description="the token lacks the scope mcp:read", scope="mcp:read"`,
    );
  });

  it('a reader scope maps to a role that neither sees nor runs the admin action', async () => {
    const token = await as.token({ client: CLIENTS.reader, resource, scope: 'mcp:read' });
    const client = new Client({ name: 'reader', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(resource), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['read_note']);
      // A tool the caller may not see is unknown to it, as if it did not exist.
      await expect(client.callTool({ name: 'wipe_notes', arguments: {} })).rejects.toThrow(
        /Unknown tool: wipe_notes/,
      );
      expect(wiped.count).toBe(0);
      const note = await client.callTool({ name: 'read_note', arguments: {} });
      expect(note).toMatchObject({ content: [{ type: 'text', text: 'note for reader-app' }] });
    } finally {
      await client.close();
    }
  });

  it('an oversized Authorization header is refused without parsing (node answers 431 past its header limit)', async () => {
    const long = `${'a'.repeat(6000)}.${'b'.repeat(6000)}.${'c'.repeat(100)}`;
    await expectInvalid(long, 'the token is longer than this server accepts');
    const huge = await post(`Bearer ${'x'.repeat(70_000)}`).catch((error: Error) => error);
    if (huge instanceof Error) expect(huge.message).toMatch(/ECONNRESET|socket hang up|EPIPE/);
    else expect(huge.status).toBe(431);
  });

  it('the API key still works on /mcp, and an OAuth token does not open the REST API', async () => {
    expect((await post('Bearer ops-key')).status).toBe(200);
    const token = await as.token({ client: CLIENTS.admin, resource });
    const api = await fetch(`${listening.origin}/api/actions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(api.status).toBe(401);
  });

  it('the metadata and the challenge come from the configured resource, whatever Host or X-Forwarded-Host say', async () => {
    const spoofed = await rawRequest(metadataUrl, { headers: { host: 'evil.example.com' } });
    expect(spoofed.status).toBe(403);
    const port = new URL(resource).port;
    const forwarded = {
      host: `localhost:${port}`,
      'x-forwarded-host': 'evil.example.com',
      'x-forwarded-proto': 'https',
    };
    const metadata = await rawRequest(metadataUrl, { headers: forwarded });
    expect(metadata.status).toBe(200);
    expect(metadata.json()).toEqual({
      resource,
      authorization_servers: [as.issuer],
      scopes_supported: ['mcp:admin', 'mcp:read'],
      bearer_methods_supported: ['header'],
    });
    const challenge = await rawRequest(resource, {
      method: 'POST',
      headers: { ...forwarded, 'content-type': 'application/json' },
      body: initialize,
    });
    expect(challenge.status).toBe(401);
    expect(challenge.headers['www-authenticate']).toContain(`resource_metadata="${metadataUrl}"`);
  });
});
