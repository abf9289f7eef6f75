import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A client registered with the test authorization server: confidential with client_credentials
 * (client_secret_basic), or, with `redirectUri`, a public native client of the authorization code flow with PKCE.
 */
export interface TestClient {
  readonly id: string;
  readonly secret?: string;
  /** The scopes it may ask for. */
  readonly scope: string;
  readonly redirectUri?: string;
}

/** A real OAuth 2.1 authorization server (node-oidc-provider) on 127.0.0.1, issuing ES256 JWT access tokens. */
export interface TestAuthorizationServer {
  readonly issuer: string;
  readonly jwksUrl: string;
  /** The private signing key (with `kid`), to mint tokens the server itself could have issued with other claims. */
  readonly signingKey: JWK & { readonly kid: string };
  /** Requests the server has had, by path. */
  readonly requests: ReadonlyMap<string, number>;
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
  const requests = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    handler(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'ES256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: clients.map((client) =>
      client.redirectUri
        ? {
            client_id: client.id,
            application_type: 'native',
            grant_types: ['authorization_code'],
            response_types: ['code'],
            redirect_uris: [client.redirectUri],
            token_endpoint_auth_method: 'none',
            id_token_signed_response_alg: 'ES256',
            scope: client.scope,
          }
        : {
            client_id: client.id,
            client_secret: client.secret,
            grant_types: ['client_credentials'],
            response_types: [],
            redirect_uris: [],
            token_endpoint_auth_method: 'client_secret_basic',
            id_token_signed_response_alg: 'ES256',
            scope: client.scope,
          },
    ),
    jwks: { keys: [signingKey] },
    scopes: [...TEST_SCOPES],
    cookies: { keys: ['test-cookie-key'] },
    ttl: { ClientCredentials: options.ttlSeconds ?? 300, AccessToken: options.ttlSeconds ?? 300 },
    features: {
      // Its built-in login and consent pages (any login name is accepted), driven by `signIn` below.
      devInteractions: { enabled: true },
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
    requests,
    async token({ client, resource, scope }) {
      const body = new URLSearchParams({ grant_type: 'client_credentials', resource });
      if (scope) body.set('scope', scope);
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${client.id}:${client.secret ?? ''}`)}`,
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

/**
 * Play the browser of the authorization code flow: follow `authorizationUrl` through node-oidc-provider's login page
 * (signing in as `login`) and consent page, with its cookies, to the redirect to `redirectUri`; its `code`.
 */
export async function signIn(authorizationUrl: URL, redirectUri: string, login: string): Promise<string> {
  const cookies = new Map<string, string>();
  const send = async (url: string, body?: URLSearchParams) => {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let response = await send(authorizationUrl.href);
  for (let hop = 0; hop < 12; hop += 1) {
    const location = response.headers.get('location');
    if (location) {
      await response.body?.cancel();
      const next = new URL(location, response.url || authorizationUrl);
      if (next.href.startsWith(redirectUri)) {
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`the authorization server refused: ${next.search}`);
        return code;
      }
      response = await send(next.href);
      continue;
    }
    const page = await response.text();
    if (response.status !== 200)
      throw new Error(`sign-in failed (${response.status}): ${page.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form on the sign-in page: ${page.slice(0, 300)}`);
    const form = page.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
    response = await send(new URL(action, authorizationUrl).href, form);
  }
  throw new Error('sign-in did not reach the redirect URI');
}
