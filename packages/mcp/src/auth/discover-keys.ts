import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

const RETRY_AFTER_MS = 30_000;
const TIMEOUT_MS = 5000;

/**
 * The key set of `issuer`, found through its metadata (RFC 8414 `oauth-authorization-server`, then OpenID
 * `openid-configuration`) on first use. The metadata must name the same issuer (RFC 8414 §3.3), so a configured
 * issuer cannot be answered for by another. After a failed look-up the next one waits 30 seconds: an unreachable
 * authorization server is not asked once per request.
 */
export function discoverKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  return async (header, token) => {
    if (!keys) {
      if (performance.now() - failedAt < RETRY_AFTER_MS) {
        throw new Error('the authorization server metadata could not be read a moment ago');
      }
      keys = findJwksUri(issuer).then(
        (uri) => createRemoteJWKSet(new URL(uri), { timeoutDuration: TIMEOUT_MS }),
        (error: unknown) => {
          keys = undefined;
          failedAt = performance.now();
          throw error;
        },
      );
    }
    return (await keys)(header, token);
  };
}

/** The `jwks_uri` of the first metadata document of `issuer` that answers. */
async function findJwksUri(issuer: string): Promise<string> {
  for (const url of metadataUrls(issuer)) {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      continue;
    }
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (metadata.issuer !== issuer) throw new Error(`${url} names another issuer`);
    if (typeof metadata.jwks_uri !== 'string') throw new Error(`${url} names no jwks_uri`);
    return metadata.jwks_uri;
  }
  throw new Error(`no authorization server metadata for ${issuer}`);
}

/** RFC 8414 §3.1 path insertion for both well-known names, then OpenID's path appending. */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    ...new Set([
      `${url.origin}/.well-known/oauth-authorization-server${path}`,
      `${url.origin}/.well-known/openid-configuration${path}`,
      `${url.origin}${path}/.well-known/openid-configuration`,
    ]),
  ];
}
