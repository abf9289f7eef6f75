import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** A client registered with the test authorization server (client_secret_basic, client_credentials). */
export interface TestClient {
  readonly id: string;
  readonly secret: string;
  /** The scopes it may ask for. */
  readonly scope: string;
}

/** A real OAuth 2.1 authorization server (node-oidc-provider) on 127.0.0.1, issuing ES256 JWT access tokens. */
export interface TestAuthorizationServer {
  readonly issuer: string;
  readonly jwksUrl: string;
  /** The private signing key (with `kid`), to mint tokens the server itself could have issued with other claims. */
  readonly signingKey: JWK & { readonly kid: string };
  /** A client_credentials token from the token endpoint, for `resource` and `scope`. */
  token(options: { client: TestClient; resource: string; scope?: string }): Promise<string>;
  close(): Promise<void>;
}

/** Scopes the server knows. */
export const TEST_SCOPES = ['mcp:read', 'mcp:admin', 'mcp:other'] as const;

/**
 * Start node-oidc-provider with the client_credentials grant and resource indicators (RFC 8707): a token asked for
 * a resource is a JWT (RFC 9068, `typ` `at+jwt`) whose audience is that resource, signed with a fresh ES256 key.
 */
export async function startAuthorizationServer(
  clients: readonly TestClient[],
  options: { readonly ttlSeconds?: number } = {},
): Promise<TestAuthorizationServer> {
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server: Server = createServer((request, response) => handler(request, response));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'ES256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.id,
      client_secret: client.secret,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
      scope: client.scope,
    })),
    jwks: { keys: [signingKey] },
    scopes: [...TEST_SCOPES],
    cookies: { keys: ['test-cookie-key'] },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: (_context: unknown, resource: string) => ({
          scope: TEST_SCOPES.join(' '),
          audience: resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: options.ttlSeconds ?? 300,
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
  handler = provider.callback();
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    signingKey,
    async token({ client, resource, scope }) {
      const body = new URLSearchParams({ grant_type: 'client_credentials', resource });
      if (scope) body.set('scope', scope);
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${client.id}:${client.secret}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
      const json = (await response.json()) as { access_token?: string; error?: string };
      if (!json.access_token) throw new Error(`token request failed: ${JSON.stringify(json)}`);
      return json.access_token;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
