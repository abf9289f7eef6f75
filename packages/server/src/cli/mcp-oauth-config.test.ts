import { describe, expect, test } from 'vitest';
import { checkMcpOAuthConfig, mcpOAuthOptions } from './mcp-oauth-config.js';

const config = {
  issuer: 'https://auth.example.com',
  jwksUrl: 'https://auth.example.com/jwks',
  resource: 'https://api.example.com/mcp',
  requiredScopes: ['mcp:read'],
  scopeRoles: { 'mcp:admin': ['admin'] },
};

describe('mcpOAuth: the config file and AFFORDANCE_MCP_OAUTH_*', () => {
  test('neither configured: no OAuth', () => {
    expect(mcpOAuthOptions(undefined, {})).toBeUndefined();
  });

  test('the config file alone', () => {
    expect(mcpOAuthOptions(config, {})).toEqual(config);
  });

  test('the environment alone, or over the config field by field', () => {
    const env = {
      AFFORDANCE_MCP_OAUTH_ISSUER: 'https://login.example.org',
      AFFORDANCE_MCP_OAUTH_JWKS_URL: 'https://login.example.org/keys',
      AFFORDANCE_MCP_OAUTH_RESOURCE: 'https://mcp.example.org/mcp',
      AFFORDANCE_MCP_OAUTH_SCOPES: 'mcp:read  mcp:write',
      AFFORDANCE_MCP_OAUTH_ROLES: 'mcp:admin=admin,auditor mcp:read=viewer __proto__=admin',
    };
    const options = mcpOAuthOptions(undefined, env);
    expect(options).toEqual({
      issuer: 'https://login.example.org',
      jwksUrl: 'https://login.example.org/keys',
      resource: 'https://mcp.example.org/mcp',
      requiredScopes: ['mcp:read', 'mcp:write'],
      scopeRoles: { 'mcp:admin': ['admin', 'auditor'], 'mcp:read': ['viewer'], ['__proto__']: ['admin'] },
    });
    expect(Object.getPrototypeOf(options?.scopeRoles)).toBe(Object.prototype);
    expect(
      mcpOAuthOptions(config, { AFFORDANCE_MCP_OAUTH_RESOURCE: 'https://other.example.com/mcp' }),
    ).toEqual({ ...config, resource: 'https://other.example.com/mcp' });
  });

  test('a half configuration names what is missing', () => {
    expect(() => mcpOAuthOptions(undefined, { AFFORDANCE_MCP_OAUTH_ISSUER: 'https://a.example' })).toThrow(
      'MCP OAuth needs resource, the public URL of /mcp (AFFORDANCE_MCP_OAUTH_RESOURCE)',
    );
    expect(() =>
      mcpOAuthOptions(undefined, { AFFORDANCE_MCP_OAUTH_JWKS_URL: 'https://a.example/k' }),
    ).toThrow('MCP OAuth needs issuer (AFFORDANCE_MCP_OAUTH_ISSUER), resource');
    expect(() => mcpOAuthOptions(config, { AFFORDANCE_MCP_OAUTH_ROLES: 'admin' })).toThrow(
      "AFFORDANCE_MCP_OAUTH_ROLES: 'admin' is not scope=role[,role]",
    );
  });

  test('the config file shape is checked', () => {
    expect(() => checkMcpOAuthConfig({ ...config, scopeRoles: { a: 'admin' } }, 'c.json')).toThrow(
      'c.json: `mcpOAuth.scopeRoles` must map scope names to arrays of role names',
    );
    expect(() => checkMcpOAuthConfig('https://x', 'c.json')).toThrow('must be an object');
    expect(() => checkMcpOAuthConfig({ issuer: 5 }, 'c.json')).toThrow('`mcpOAuth.issuer` must be a URL');
    expect(() => checkMcpOAuthConfig(config, 'c.json')).not.toThrow();
  });
});
