import { describe, expect, it } from 'vitest';
import { checkOrigin } from './check-origin.js';

const request = (headers: Record<string, string>) => new Request('http://localhost/mcp', { headers });

describe('checkOrigin', () => {
  it('accepts the local host names on the server port, with or without a matching Origin', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(checkOrigin(request({ host }), { port: 3000 })).toBeUndefined();
      expect(checkOrigin(request({ host, origin: `http://${host}` }), { port: 3000 })).toBeUndefined();
    }
  });

  it('refuses a foreign Host, another port, and a foreign or opaque Origin with 403', async () => {
    const refused = [
      checkOrigin(request({ host: 'evil.example.com' }), { port: 3000 }),
      checkOrigin(request({ host: 'localhost:4000' }), { port: 3000 }),
      checkOrigin(request({ host: 'localhost:3000', origin: 'http://evil.example.com' }), { port: 3000 }),
      checkOrigin(request({ host: 'localhost:3000', origin: 'null' }), { port: 3000 }),
      checkOrigin(request({ host: 'localhost.evil.com:3000' }), { port: 3000 }),
    ];
    expect(refused.map((response) => response?.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await refused[0]!.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Forbidden: Host "evil.example.com" is not allowed' },
      id: null,
    });
  });

  it('accepts any port of the local names when the port is unknown (a mounted fetch handler)', () => {
    expect(
      checkOrigin(request({ host: 'localhost:8787', origin: 'http://localhost:8787' }), {}),
    ).toBeUndefined();
    expect(checkOrigin(request({ host: 'evil.example.com:8787' }), {})?.status).toBe(403);
  });

  it('uses the configured hosts and origins instead of the local defaults', () => {
    const policy = { allowedHosts: ['mcp.example.com'], allowedOrigins: ['https://app.example.com'] };
    expect(
      checkOrigin(request({ host: 'mcp.example.com', origin: 'https://app.example.com' }), policy),
    ).toBeUndefined();
    expect(checkOrigin(request({ host: 'localhost:3000' }), policy)?.status).toBe(403);
    expect(
      checkOrigin(request({ host: 'mcp.example.com', origin: 'https://mcp.example.com' }), policy)?.status,
    ).toBe(403);
  });
});
