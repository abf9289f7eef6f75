import { exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { beforeAll, describe, expect, test } from 'vitest';
import { createTokenVerifier } from './verify-access-token.js';

const ISSUER = 'https://auth.example.com';
const RESOURCE = 'https://api.example.com/mcp';
let signing: CryptoKey;
let publicJwk: JWK;
let publicPem: string;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  signing = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
  publicPem = await exportSPKI(pair.publicKey);
  otherKey = (await generateKeyPair('ES256')).privateKey;
});

const now = () => Math.floor(Date.now() / 1000);

async function sign(claims: JWTPayload = {}, key: CryptoKey = signing, kid = 'k1'): Promise<string> {
  const defaults = { iss: ISSUER, aud: RESOURCE, sub: 'alice', iat: now(), exp: now() + 300 };
  return new SignJWT({ ...defaults, scope: 'mcp:read', client_id: 'agent', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
    .sign(key);
}

const verifier = (extra: object = {}) =>
  createTokenVerifier({
    issuer: ISSUER,
    resource: RESOURCE,
    jwks: { keys: [publicJwk] },
    scopeRoles: { 'mcp:read': ['viewer'], 'mcp:admin': ['admin', 'viewer'] },
    ...extra,
  });

const base64url = (value: string | object) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('createTokenVerifier', () => {
  test('a token of the issuer for this resource gives its subject, client, scopes and mapped roles', async () => {
    const verdict = await verifier()(await sign({ scope: 'mcp:read mcp:admin' }));
    expect(verdict).toMatchObject({
      clientId: 'agent',
      scopes: ['mcp:read', 'mcp:admin'],
      roles: ['admin', 'viewer'],
      claims: { sub: 'alice', iss: ISSUER, aud: RESOURCE },
    });
  });

  test('scopes as an `scp` array count too', async () => {
    const verdict = await verifier()(await sign({ scope: undefined, scp: ['mcp:admin'] }));
    expect(verdict).toMatchObject({ scopes: ['mcp:admin'], roles: ['admin', 'viewer'] });
  });

  test.each([
    ['expired beyond the tolerance', { exp: now() - 10 }, 'the token has expired'],
    ['not valid yet', { nbf: now() + 60 }, 'the token is not valid yet'],
    ['for another resource', { aud: 'https://other.example.com/mcp' }, 'audience'],
    ['from another issuer', { iss: 'https://evil.example.com' }, 'issuer'],
  ])('a token %s is invalid_token', async (_, claims, message) => {
    const verdict = await verifier()(await sign(claims));
    expect(verdict).toMatchObject({ error: 'invalid_token' });
    expect((verdict as { description: string }).description).toContain(message);
  });

  test('a token expired within the clock tolerance still passes', async () => {
    expect(await verifier()(await sign({ exp: now() - 2 }))).toHaveProperty('clientId', 'agent');
  });

  test('with tokenType, a JWT of another type (an ID token) is refused', async () => {
    const verify = verifier({ tokenType: 'at+jwt' });
    expect(await verify(await sign())).toHaveProperty('clientId', 'agent');
    const idToken = await new SignJWT({ iss: ISSUER, aud: RESOURCE, sub: 'alice', exp: now() + 60 })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'JWT' })
      .sign(signing);
    expect(await verify(idToken)).toEqual({
      error: 'invalid_token',
      description: 'the token is not an access token (typ)',
    });
  });

  test('a token without exp is refused', async () => {
    const token = await new SignJWT({ scope: 'mcp:read' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(RESOURCE)
      .setSubject('alice')
      .sign(signing);
    expect(await verifier()(token)).toMatchObject({ error: 'invalid_token' });
  });

  test('a token signed by another key (same kid) is refused', async () => {
    const verdict = await verifier()(await sign({}, otherKey));
    expect(verdict).toEqual({
      error: 'invalid_token',
      description: 'the token is not signed by a key of the authorization server',
    });
  });

  test('alg none is refused', async () => {
    const header = base64url({ alg: 'none', typ: 'JWT' });
    const payload = base64url({
      iss: ISSUER,
      aud: RESOURCE,
      sub: 'alice',
      exp: now() + 300,
      scope: 'mcp:admin',
    });
    expect(await verifier()(`${header}.${payload}.`)).toMatchObject({ error: 'invalid_token' });
    expect(await verifier()(`${header}.${payload}.${base64url('x')}`)).toMatchObject({
      error: 'invalid_token',
    });
  });

  test('HS256 with the public key as the shared secret is refused', async () => {
    for (const secret of [publicPem, JSON.stringify(publicJwk)]) {
      const token = await new SignJWT({ scope: 'mcp:admin' })
        .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
        .setIssuer(ISSUER)
        .setAudience(RESOURCE)
        .setSubject('alice')
        .setExpirationTime(now() + 300)
        .sign(new TextEncoder().encode(secret));
      expect(await verifier()(token)).toEqual({
        error: 'invalid_token',
        description: 'the token is signed with an algorithm this server does not accept',
      });
    }
  });

  test('an over-long or malformed token is refused before any parsing', async () => {
    expect(await verifier({ maxTokenLength: 100 })(await sign())).toEqual({
      error: 'invalid_token',
      description: 'the token is longer than this server accepts',
    });
    expect(await verifier()('not-a-jwt')).toMatchObject({ error: 'invalid_token' });
    expect(await verifier()('a.b.c')).toMatchObject({ error: 'invalid_token' });
  });

  test('a scope named like an Object.prototype key grants no role', async () => {
    const verdict = await verifier()(await sign({ scope: 'constructor __proto__ toString' }));
    expect(verdict).toMatchObject({ roles: [] });
  });

  test('none and HMAC algorithms cannot be configured', () => {
    expect(() => verifier({ algorithms: ['ES256', 'none'] })).toThrow(/none is never accepted/);
    expect(() => verifier({ algorithms: ['HS256'] })).toThrow(/HS256 is never accepted/);
  });

  test('an unreachable key set is "unavailable", not a bad token', async () => {
    const verify = createTokenVerifier({
      issuer: ISSUER,
      resource: RESOURCE,
      jwksUrl: 'http://127.0.0.1:9/jwks',
    });
    expect(await verify(await sign())).toMatchObject({ error: 'unavailable' });
  });
});
