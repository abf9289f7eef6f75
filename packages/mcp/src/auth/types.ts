import type { User } from '@affordance/core';
import type { JSONWebKeySet, JWTPayload } from 'jose';

/**
 * `/mcp` as an OAuth 2.1 protected resource (MCP authorization): bearer JWT access tokens from `issuer`, checked
 * against its signing keys, whose audience is `resource`.
 */
export interface MCPOAuthOptions {
  /**
   * The canonical URL of the MCP endpoint as clients reach it (`https://api.example.com/mcp`): the audience a token
   * must name (RFC 8707), the `resource` of the Protected Resource Metadata (RFC 9728), and where that metadata's
   * own URL is derived from — never from a request's `Host`.
   */
  readonly resource: string;
  /** The authorization server's issuer identifier; a token's `iss` must equal it. */
  readonly issuer: string;
  /**
   * Where the authorization server publishes its signing keys (fetched when a token names an unknown `kid`).
   * Default: the `jwks_uri` of the issuer's metadata (RFC 8414 or OpenID discovery), read on first use.
   */
  readonly jwksUrl?: string;
  /** The signing keys themselves, instead of `jwksUrl`. */
  readonly jwks?: JSONWebKeySet;
  /** Audiences accepted (default: `resource` alone), for an authorization server that names the API otherwise. */
  readonly audience?: string | readonly string[];
  /** Signing algorithms accepted (default RS256, PS256, ES256, EdDSA); `none` and the HMAC ones never are. */
  readonly algorithms?: readonly string[];
  /** Scopes every request needs; a token without one of them gets 403 `insufficient_scope`. */
  readonly requiredScopes?: readonly string[];
  /** Scope → the roles it grants the caller in the pipeline (a token's roles are the union of its scopes'). */
  readonly scopeRoles?: Readonly<Record<string, readonly string[]>>;
  /** Scopes published in the metadata (default: the required scopes and those of `scopeRoles`). */
  readonly scopesSupported?: readonly string[];
  /**
   * The JWT `typ` header a token must carry, e.g. `at+jwt` (RFC 9068), so no other JWT of the issuer (an ID token)
   * passes for an access token. Default: not checked, as several authorization servers send `JWT`.
   */
  readonly tokenType?: string;
  /** Seconds of clock difference tolerated on `exp`, `nbf` and `iat` (default 5). */
  readonly clockToleranceSeconds?: number;
  /** Longest token accepted, in characters (default 8192); longer ones are refused before any parsing. */
  readonly maxTokenLength?: number;
  /** Human-readable name in the metadata (`resource_name`). */
  readonly resourceName?: string;
  /** The user a verified token acts as (default: id `sub`, else `client_id`; roles from `scopeRoles`). */
  readonly user?: (token: VerifiedToken) => User;
}

/** A token that passed every check. */
export interface VerifiedToken {
  readonly token: string;
  readonly claims: JWTPayload;
  readonly scopes: readonly string[];
  /** The roles its scopes grant (`scopeRoles`). */
  readonly roles: readonly string[];
  /** The OAuth client that asked for it (`client_id`, else `azp`, else `sub`). */
  readonly clientId: string;
}

/** Why a token was refused: a bad token (401 `invalid_token`) or keys that cannot be fetched now (503). */
export type TokenRefusal =
  | { readonly error: 'invalid_token'; readonly description: string }
  | { readonly error: 'unavailable'; readonly description: string };
