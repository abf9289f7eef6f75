import type { MCPOAuthOptions } from './types.js';

/** The Protected Resource Metadata document (RFC 9728 §2) of an MCP endpoint. */
export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorization_servers: readonly string[];
  readonly scopes_supported?: readonly string[];
  readonly bearer_methods_supported: readonly string[];
  readonly resource_name?: string;
}

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** The metadata of `options`: its resource, its one authorization server, the scopes it knows, header tokens only. */
export function protectedResourceMetadata(options: MCPOAuthOptions): ProtectedResourceMetadata {
  const scopes =
    options.scopesSupported ??
    [...new Set([...(options.requiredScopes ?? []), ...Object.keys(options.scopeRoles ?? {})])].sort();
  return {
    resource: options.resource,
    authorization_servers: [options.issuer],
    ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
    bearer_methods_supported: ['header'],
    ...(options.resourceName ? { resource_name: options.resourceName } : {}),
  };
}

/**
 * Where the metadata of `resource` is published (RFC 9728 §3.1): the well-known path inserted between the origin
 * and the resource's path, so `https://host/mcp` has `https://host/.well-known/oauth-protected-resource/mcp`.
 */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}${WELL_KNOWN}${path}`;
}

/** The paths that answer with the metadata: the path-suffixed one of RFC 9728 and the bare well-known path. */
export function protectedResourceMetadataPaths(resource: string): readonly string[] {
  const suffixed = new URL(protectedResourceMetadataUrl(resource)).pathname;
  return suffixed === WELL_KNOWN ? [WELL_KNOWN] : [suffixed, WELL_KNOWN];
}

/** Check the options once at startup, so a typo fails there and not on the first request. */
export function checkOAuthOptions(options: MCPOAuthOptions): void {
  for (const [name, value] of [
    ['resource', options.resource],
    ['issuer', options.issuer],
    ...(options.jwksUrl ? [['jwksUrl', options.jwksUrl] as const] : []),
  ] as const) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new TypeError(`oauth.${name} must be an absolute URL, not '${value}'`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new TypeError(`oauth.${name} must be an http(s) URL, not '${value}'`);
    }
    if (name === 'resource' && (url.hash || url.search)) {
      throw new TypeError(`oauth.resource must have no query or fragment (RFC 8707), not '${value}'`);
    }
  }
  const scopes = [...(options.requiredScopes ?? []), ...Object.keys(options.scopeRoles ?? {})];
  const bad = scopes.find((scope) => !SCOPE_TOKEN.test(scope));
  if (bad !== undefined) throw new TypeError(`oauth: '${bad}' is not a scope name (RFC 6749 §3.3)`);
}

/** A scope token: printable ASCII without space, `"` and `\` (so it can stand in a challenge's quoted string). */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
