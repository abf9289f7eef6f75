import { describe, expect, it } from 'vitest';
import { createAuthenticator } from './authenticate.js';

const withToken = (token?: string) =>
  new Request(
    'http://localhost/mcp',
    token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
  );

describe('createAuthenticator', () => {
  it('lets every request through anonymously when nothing is configured', async () => {
    expect(await createAuthenticator({})(withToken())).toEqual({ user: undefined });
  });

  it('maps a listed bearer token to its user', async () => {
    const check = createAuthenticator({ tokens: { s3cret: { id: 'ada', roles: ['admin'] } } });
    expect(await check(withToken('s3cret'))).toEqual({
      user: { id: 'ada', roles: ['admin'] },
      token: 's3cret',
    });
  });

  it('answers 401 with a Bearer challenge, naming an invalid token only when one was sent', async () => {
    const check = createAuthenticator({ tokens: { s3cret: { id: 'ada' } } });
    const missing = await check(withToken());
    const wrong = await check(withToken('s3cre'));
    expect('refused' in missing && missing.refused.headers.get('www-authenticate')).toBe(
      'Bearer realm="mcp"',
    );
    expect('refused' in wrong && wrong.refused.status).toBe(401);
    expect('refused' in wrong && wrong.refused.headers.get('www-authenticate')).toBe(
      'Bearer realm="mcp", error="invalid_token"',
    );
  });

  it('asks the authenticate function when the token table does not know the token', async () => {
    const check = createAuthenticator({
      tokens: { a: { id: 'from-table' } },
      authenticate: (request) =>
        request.headers.get('x-api-key') === 'k' ? { id: 'from-function' } : undefined,
    });
    expect(await check(withToken('a'))).toMatchObject({ user: { id: 'from-table' } });
    const viaKey = await check(new Request('http://localhost/mcp', { headers: { 'x-api-key': 'k' } }));
    expect(viaKey).toEqual({ user: { id: 'from-function' } });
  });
});
