import { describe, expect, test } from 'vitest';
import { metadataUrls } from './discover-keys.js';
import {
  checkOAuthOptions,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
} from './protected-resource-metadata.js';

const options = {
  issuer: 'https://auth.example.com',
  resource: 'https://api.example.com/mcp',
  jwksUrl: 'https://auth.example.com/jwks',
};

describe('Protected Resource Metadata (RFC 9728)', () => {
  test('the well-known path goes between the origin and the resource path', () => {
    expect(protectedResourceMetadataUrl('https://api.example.com/mcp')).toBe(
      'https://api.example.com/.well-known/oauth-protected-resource/mcp',
    );
    expect(protectedResourceMetadataUrl('https://api.example.com:8443/v1/mcp/')).toBe(
      'https://api.example.com:8443/.well-known/oauth-protected-resource/v1/mcp',
    );
    expect(protectedResourceMetadataUrl('https://api.example.com')).toBe(
      'https://api.example.com/.well-known/oauth-protected-resource',
    );
    expect(protectedResourceMetadataPaths('https://api.example.com/mcp')).toEqual([
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]);
  });

  test('the document names the resource, its issuer, the scopes it knows and header tokens', () => {
    expect(
      protectedResourceMetadata({
        ...options,
        requiredScopes: ['mcp:read'],
        scopeRoles: { 'mcp:admin': ['admin'], 'mcp:read': [] },
        resourceName: 'Affordance',
      }),
    ).toEqual({
      resource: 'https://api.example.com/mcp',
      authorization_servers: ['https://auth.example.com'],
      scopes_supported: ['mcp:admin', 'mcp:read'],
      bearer_methods_supported: ['header'],
      resource_name: 'Affordance',
    });
  });

  test('malformed options fail at startup', () => {
    expect(() => checkOAuthOptions({ ...options, resource: 'api.example.com/mcp' })).toThrow(/absolute URL/);
    expect(() => checkOAuthOptions({ ...options, issuer: 'ftp://auth.example.com' })).toThrow(/http\(s\)/);
    expect(() => checkOAuthOptions({ ...options, resource: 'https://api.example.com/mcp#x' })).toThrow(
      /no query or fragment/,
    );
    expect(() => checkOAuthOptions({ ...options, requiredScopes: ['a"b'] })).toThrow(/not a scope name/);
    expect(() => checkOAuthOptions({ ...options, scopeRoles: { 'a b': ['x'] } })).toThrow(/not a scope name/);
  });
});

test('authorization server metadata is looked for by RFC 8414 path insertion, then OpenID appending', () => {
  expect(metadataUrls('https://auth.example.com')).toEqual([
    'https://auth.example.com/.well-known/oauth-authorization-server',
    'https://auth.example.com/.well-known/openid-configuration',
  ]);
  expect(metadataUrls('https://login.example.com/tenant-1/v2.0')).toEqual([
    'https://login.example.com/.well-known/oauth-authorization-server/tenant-1/v2.0',
    'https://login.example.com/.well-known/openid-configuration/tenant-1/v2.0',
    'https://login.example.com/tenant-1/v2.0/.well-known/openid-configuration',
  ]);
});
