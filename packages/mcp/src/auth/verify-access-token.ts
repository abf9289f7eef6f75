import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { discoverKeys } from './discover-keys.js';
import type { MCPOAuthOptions, TokenRefusal, VerifiedToken } from './types.js';

/** Asymmetric algorithms only: with an HMAC one a public key could be used as the shared secret. */
export const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'] as const;
const NEVER = /^(none|HS\d+)$/i;
const DEFAULT_MAX_TOKEN_LENGTH = 8192;
const DEFAULT_CLOCK_TOLERANCE = 5;

/** A function checking one bearer token: its signature, issuer, audience, lifetime and scopes claim. */
export type TokenVerifier = (token: string) => Promise<VerifiedToken | TokenRefusal>;

/**
 * Build the verifier of `options`: the token must be a JWS with an allowed algorithm, signed by a key of the
 * authorization server's key set, with `iss` equal to the issuer, an accepted `aud`, an `exp` (and any `nbf`)
 * valid within the clock tolerance. Remote keys are fetched lazily and cached by jose (refetched at most every 30
 * seconds for an unknown `kid`, so random key ids cannot make the server hammer the key endpoint).
 */
export function createTokenVerifier(options: MCPOAuthOptions): TokenVerifier {
  const algorithms = [...(options.algorithms ?? DEFAULT_ALGORITHMS)];
  const refused = algorithms.find((algorithm) => NEVER.test(algorithm));
  if (refused) throw new TypeError(`oauth.algorithms: ${refused} is never accepted for access tokens`);
  const keys = keySet(options);
  const audience = options.audience === undefined ? options.resource : [options.audience].flat();
  const maxLength = options.maxTokenLength ?? DEFAULT_MAX_TOKEN_LENGTH;
  return async (token) => {
    if (token.length > maxLength) return invalid('the token is longer than this server accepts');
    if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return invalid('the token is not a signed JWT');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience,
        algorithms,
        clockTolerance: options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE,
        requiredClaims: ['exp'],
        ...(options.tokenType ? { typ: options.tokenType } : {}),
      }));
    } catch (error) {
      return refusalOf(error);
    }
    const clientId = stringClaim(claims.client_id) ?? stringClaim(claims.azp) ?? claims.sub;
    if (!clientId) return invalid('the token names neither a subject nor a client');
    const scopes = scopesOf(claims);
    const roles = new Set<string>();
    const table = options.scopeRoles ?? {};
    for (const scope of scopes) {
      // Own keys only: a scope named `constructor` or `__proto__` grants nothing it was not given.
      if (Object.hasOwn(table, scope)) for (const role of table[scope] ?? []) roles.add(role);
    }
    return { token, claims, scopes, roles: [...roles].sort(), clientId };
  };
}

function keySet(options: MCPOAuthOptions): JWTVerifyGetKey {
  if (options.jwks) return createLocalJWKSet(options.jwks);
  if (!options.jwksUrl) return discoverKeys(options.issuer);
  return createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
}

/** The scopes of a token: the RFC 9068 `scope` string, or a `scp` array as some servers write it. */
function scopesOf(claims: JWTPayload): string[] {
  if (typeof claims.scope === 'string') return claims.scope.split(' ').filter(Boolean);
  if (Array.isArray(claims.scp)) return claims.scp.filter((scope) => typeof scope === 'string');
  if (typeof claims.scp === 'string') return claims.scp.split(' ').filter(Boolean);
  return [];
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function invalid(description: string): TokenRefusal {
  return { error: 'invalid_token', description };
}

/** jose's error, as the description a client is told (fixed texts: nothing of the token is echoed). */
function refusalOf(error: unknown): TokenRefusal {
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return invalid('the token has expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const claim = (error as { claim?: string }).claim;
      if (claim === 'aud') return invalid('the token is not for this resource (audience)');
      if (claim === 'iss') return invalid('the token is not from the accepted issuer');
      if (claim === 'nbf') return invalid('the token is not valid yet');
      if (claim === 'typ') return invalid('the token is not an access token (typ)');
      return invalid(`the token's ${claim ?? 'claims'} claim is not accepted`);
    }
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return invalid('the token is signed with an algorithm this server does not accept');
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return invalid('the token is not signed by a key of the authorization server');
    case 'ERR_JWKS_TIMEOUT':
      return { error: 'unavailable', description: "the authorization server's keys could not be fetched" };
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return invalid('the token is not a valid signed JWT');
    default:
      // Fetching the key set failed (network, status, body): the token may be good, the server cannot tell now.
      return { error: 'unavailable', description: "the authorization server's keys could not be fetched" };
  }
}
