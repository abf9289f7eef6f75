import type { MCPOAuthOptions } from '@affordance/mcp';
import { UsageError } from './cli-io.js';

/** `mcpOAuth` of the config file: `/mcp` as an OAuth protected resource. */
export interface MCPOAuthConfig {
  /** The authorization server's issuer identifier. */
  readonly issuer?: string;
  /** Its JSON Web Key Set URL (default: the `jwks_uri` of its metadata). */
  readonly jwksUrl?: string;
  /** The public URL of `/mcp` as clients reach it (the tokens' audience). */
  readonly resource?: string;
  /** Audiences accepted instead of `resource`. */
  readonly audience?: string | readonly string[];
  /** Scopes every request needs (else 403). */
  readonly requiredScopes?: readonly string[];
  /** Scope → the roles it grants. */
  readonly scopeRoles?: Readonly<Record<string, readonly string[]>>;
}

const STRINGS = ['issuer', 'jwksUrl', 'resource'] as const;

/** Check the config file's `mcpOAuth` (shape only; URLs are checked when the server is built). */
export function checkMcpOAuthConfig(value: unknown, file: string): void {
  if (value === undefined) return;
  const fail = (what: string) => new UsageError(`${file}: \`mcpOAuth${what}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fail('` must be an object { issuer, resource, jwksUrl?, requiredScopes?, scopeRoles? }');
  }
  const config = value as Record<string, unknown>;
  for (const field of STRINGS) {
    if (config[field] !== undefined && typeof config[field] !== 'string')
      throw fail(`.${field}\` must be a URL`);
  }
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (config.audience !== undefined && typeof config.audience !== 'string' && !strings(config.audience))
    throw fail('.audience` must be a string or an array of strings');
  if (config.requiredScopes !== undefined && !strings(config.requiredScopes))
    throw fail('.requiredScopes` must be an array of scope names');
  const roles = config.scopeRoles;
  if (
    roles !== undefined &&
    (typeof roles !== 'object' || roles === null || !Object.values(roles).every(strings))
  )
    throw fail('.scopeRoles` must map scope names to arrays of role names');
}

/**
 * The OAuth options of `/mcp`: the config's `mcpOAuth`, each field overridden by its environment variable
 * (`AFFORDANCE_MCP_OAUTH_ISSUER`, `_JWKS_URL`, `_RESOURCE`, `_AUDIENCE`, `_SCOPES` space-separated required scopes,
 * `_ROLES` as `scope=role,role scope2=role`); undefined when none of issuer, key set and resource is given; issuer
 * and resource are needed.
 */
export function mcpOAuthOptions(
  config: MCPOAuthConfig | undefined,
  env: Readonly<Record<string, string | undefined>>,
): MCPOAuthOptions | undefined {
  const read = (name: string) => env[`AFFORDANCE_MCP_OAUTH_${name}`] || undefined;
  const issuer = read('ISSUER') ?? config?.issuer;
  const jwksUrl = read('JWKS_URL') ?? config?.jwksUrl;
  const resource = read('RESOURCE') ?? config?.resource;
  if (!issuer && !jwksUrl && !resource) return undefined;
  const missing = [
    ...(issuer ? [] : ['issuer (AFFORDANCE_MCP_OAUTH_ISSUER)']),
    ...(resource ? [] : ['resource, the public URL of /mcp (AFFORDANCE_MCP_OAUTH_RESOURCE)']),
  ];
  if (!issuer || !resource) throw new UsageError(`MCP OAuth needs ${missing.join(', ')}`);
  const audience = read('AUDIENCE')?.split(/\s+/) ?? config?.audience;
  const requiredScopes = read('SCOPES')?.split(/\s+/).filter(Boolean) ?? config?.requiredScopes;
  const rolesText = read('ROLES');
  const scopeRoles = rolesText ? parseScopeRoles(rolesText) : config?.scopeRoles;
  return {
    issuer,
    ...(jwksUrl ? { jwksUrl } : {}),
    resource,
    ...(audience ? { audience } : {}),
    ...(requiredScopes ? { requiredScopes } : {}),
    ...(scopeRoles ? { scopeRoles } : {}),
  };
}

/** `scope=role,role scope2=role` → `{ scope: [role, role], scope2: [role] }`. */
function parseScopeRoles(text: string): Record<string, string[]> {
  const pairs = text
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [scope, list] = pair.split('=', 2);
      if (!scope || !list) {
        throw new UsageError(`AFFORDANCE_MCP_OAUTH_ROLES: '${pair}' is not scope=role[,role]`);
      }
      return [scope, list.split(',').filter(Boolean)] as const;
    });
  // fromEntries defines own properties, so a scope named __proto__ stays a plain key.
  return Object.fromEntries(pairs);
}
