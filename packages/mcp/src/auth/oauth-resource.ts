import type { User } from '@affordance/core';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { jsonError } from '../http/json-error.js';
import {
  checkOAuthOptions,
  type ProtectedResourceMetadata,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
} from './protected-resource-metadata.js';
import type { MCPOAuthOptions, VerifiedToken } from './types.js';
import { createTokenVerifier } from './verify-access-token.js';

/** An MCP endpoint as an OAuth protected resource: its metadata, and the check of a request's bearer token. */
export interface OAuthResource {
  readonly metadata: ProtectedResourceMetadata;
  /** Where the metadata is published (sent as `resource_metadata` in every challenge). */
  readonly metadataUrl: string;
  /** The request paths that answer with the metadata. */
  readonly metadataPaths: readonly string[];
  /** The metadata as a JSON response. */
  metadataResponse(): Response;
  /**
   * The user of a bearer token, or the refusal to send: 401 `invalid_token`, 403 `insufficient_scope`, 503 when
   * the keys cannot be fetched. Undefined token: 401 with the bare challenge.
   */
  verify(token: string | undefined): Promise<OAuthVerdict>;
  /** The 401 answer for a request without a token (or with a token another scheme refused). */
  challenge(error?: { readonly description: string }): Response;
}

/** A verified caller (with what the MCP SDK's `authInfo` carries), or the answer that refuses it. */
export type OAuthVerdict =
  | { readonly user: User; readonly authInfo: AuthInfo }
  | { readonly refused: Response };

/**
 * Build the protected resource of `options` (checked now: a malformed URL or a forbidden algorithm throws). The
 * challenge always names the metadata URL derived from the configured `resource`, never from the request.
 */
export function createOAuthResource(options: MCPOAuthOptions): OAuthResource {
  checkOAuthOptions(options);
  const verifyToken = createTokenVerifier(options);
  const metadata = protectedResourceMetadata(options);
  const metadataUrl = protectedResourceMetadataUrl(options.resource);
  const required = options.requiredScopes ?? [];
  const body = JSON.stringify(metadata);
  const toUser = options.user ?? defaultUser;
  const challenge = (parameters: Record<string, string>, status: number, message: string) => {
    const header = Object.entries({ resource_metadata: metadataUrl, ...parameters })
      .map(([name, value]) => `${name}="${value}"`)
      .join(', ');
    return jsonError(status, -32001, message, { 'www-authenticate': `Bearer ${header}` });
  };
  const scopeParameter: Record<string, string> = required.length > 0 ? { scope: required.join(' ') } : {};
  return {
    metadata,
    metadataUrl,
    metadataPaths: protectedResourceMetadataPaths(options.resource),
    metadataResponse: () =>
      new Response(body, {
        headers: { 'content-type': 'application/json', 'cache-control': 'max-age=300' },
      }),
    challenge(error) {
      if (!error) {
        return challenge(scopeParameter, 401, 'Unauthorized: send Authorization: Bearer <access token>');
      }
      return challenge(
        { error: 'invalid_token', error_description: error.description, ...scopeParameter },
        401,
        `Unauthorized: ${error.description}`,
      );
    },
    async verify(token) {
      if (token === undefined) return { refused: this.challenge() };
      const verdict = await verifyToken(token);
      if ('error' in verdict) {
        if (verdict.error === 'unavailable') {
          return { refused: jsonError(503, -32001, `Service Unavailable: ${verdict.description}`) };
        }
        return { refused: this.challenge(verdict) };
      }
      const missing = required.filter((scope) => !verdict.scopes.includes(scope));
      if (missing.length > 0) {
        const description = `the token lacks the scope ${missing.join(' ')}`;
        return {
          refused: challenge(
            { error: 'insufficient_scope', error_description: description, scope: required.join(' ') },
            403,
            `Forbidden: ${description}`,
          ),
        };
      }
      const user = toUser(verdict);
      return {
        user,
        authInfo: {
          token,
          clientId: verdict.clientId,
          scopes: [...verdict.scopes],
          ...(typeof verdict.claims.exp === 'number' ? { expiresAt: verdict.claims.exp } : {}),
          resource: new URL(options.resource),
          extra: { user, claims: verdict.claims },
        },
      };
    },
  };
}

/** Id `sub` (else the client), the roles of the token's scopes. */
function defaultUser(token: VerifiedToken): User {
  return { id: token.claims.sub ?? token.clientId, roles: token.roles };
}
