import { describe, expect, it } from 'vitest';
import { createRequestGuard, type GuardedRequest, type RequestGuardPolicy } from './request-guard.js';

const request = (headers: Record<string, string>, method = 'GET'): GuardedRequest => ({
  method,
  url: 'http://localhost/mcp',
  headers,
});
const verdict = (headers: Record<string, string>, policy: RequestGuardPolicy = {}, method = 'GET') => {
  const result = createRequestGuard(policy)(request(headers, method));
  return result.kind === 'refuse' ? result.refusal.code : result.kind;
};

describe('createRequestGuard', () => {
  it('accepts the loopback names on any port, with or without their own Origin', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost', 'LOCALHOST.:8080']) {
      expect(verdict({ host })).toBe('pass');
      expect(verdict({ host, origin: `http://${host.replace(/\.(:|$)/, '$1')}` })).toBe('pass');
    }
  });

  it('refuses a DNS-rebinding Host, a look-alike name, and a malformed one', () => {
    for (const host of ['attacker.example:3000', 'localhost.evil.com:3000', '127.0.0.1.nip.io', 'a b', ''])
      expect(verdict({ host })).toBe('forbidden_host');
  });

  it('restricts loopback names to the port when the listener knows it', () => {
    expect(verdict({ host: 'localhost:3000' }, { port: 3000 })).toBe('pass');
    expect(verdict({ host: 'localhost:4000' }, { port: 3000 })).toBe('forbidden_host');
  });

  it('refuses a foreign, opaque or other-port Origin, and names what to configure', () => {
    const guard = createRequestGuard();
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost:4000',
      'file://',
      'chrome-extension://x',
    ]) {
      const result = guard(request({ host: 'localhost:3000', origin }));
      expect(result.kind === 'refuse' && result.refusal).toMatchObject({
        code: 'forbidden_origin',
        status: 403,
      });
      expect(result.kind === 'refuse' && result.refusal.hint).toContain('allowedOrigins');
    }
  });

  it('accepts the configured hosts (exact, with a port, a domain and its subdomains, or any)', () => {
    const policy = { allowedHosts: ['affordance.example.com', 'box:8443', '.corp.example', '2001:db8::1'] };
    expect(verdict({ host: 'affordance.example.com' }, policy)).toBe('pass');
    expect(verdict({ host: 'box:8443' }, policy)).toBe('pass');
    expect(verdict({ host: 'box:8444' }, policy)).toBe('forbidden_host');
    expect(verdict({ host: 'corp.example' }, policy)).toBe('pass');
    expect(verdict({ host: 'api.corp.example:3000' }, policy)).toBe('pass');
    expect(verdict({ host: 'evilcorp.example' }, policy)).toBe('forbidden_host');
    expect(verdict({ host: '[2001:db8::1]:3000' }, policy)).toBe('pass');
    expect(verdict({ host: 'localhost:3000' }, policy)).toBe('pass');
    expect(verdict({ host: 'anything.example' }, { allowedHosts: ['*'] })).toBe('pass');
    expect(() => createRequestGuard({ allowedHosts: ['http://x'] })).toThrow(/allowedHosts: "http:\/\/x"/);
  });

  it("accepts a configured public host's own pages over https (a proxy ending TLS), default ports left out", () => {
    const policy = { allowedHosts: ['affordance.example.com'] };
    expect(
      verdict({ host: 'affordance.example.com', origin: 'https://affordance.example.com' }, policy),
    ).toBe('pass');
    expect(
      verdict({ host: 'affordance.example.com:443', origin: 'https://affordance.example.com' }, policy),
    ).toBe('pass');
  });

  it('lets allowed origins call with CORS, answers their preflight, and refuses other preflights', () => {
    const policy = { allowedOrigins: ['https://app.example.com', 'https://*.tools.example'] };
    const guard = createRequestGuard(policy);
    const from = (origin: string, method = 'POST', extra: Record<string, string> = {}) =>
      guard(
        request({ host: 'localhost:3000', origin, 'content-type': 'application/json', ...extra }, method),
      );
    expect(from('https://app.example.com')).toEqual({ kind: 'pass', corsOrigin: 'https://app.example.com' });
    expect(from('https://a.tools.example').kind).toBe('pass');
    expect(from('https://tools.example').kind).toBe('refuse');
    expect(from('http://app.example.com').kind).toBe('refuse');
    const preflight = { 'access-control-request-method': 'POST' };
    expect(from('https://app.example.com', 'OPTIONS', preflight)).toEqual({
      kind: 'preflight',
      corsOrigin: 'https://app.example.com',
    });
    expect(from('https://evil.example', 'OPTIONS', preflight).kind).toBe('refuse');
    expect(() => createRequestGuard({ allowedOrigins: ['app.example.com'] })).toThrow(/allowedOrigins/);
  });

  it('refuses POSTs a form or a no-cors fetch can send, with or without an Origin', () => {
    const host = 'localhost:3000';
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])
      expect(verdict({ host, 'content-type': type }, {}, 'POST')).toBe('unsupported_media_type');
    expect(verdict({ host }, {}, 'POST')).toBe('unsupported_media_type');
    expect(verdict({ host, 'content-type': 'application/jsonp' }, {}, 'POST')).toBe('unsupported_media_type');
    expect(verdict({ host, 'content-type': 'application/json; charset=utf-8' }, {}, 'POST')).toBe('pass');
    expect(verdict({ host, 'content-type': 'text/plain', 'x-affordance-request': '1' }, {}, 'POST')).toBe(
      'pass',
    );
    expect(verdict({ host }, {}, 'DELETE')).toBe('pass');
  });

  it("refuses a browser's subresource request from another site even without Origin, but not a navigation", () => {
    const host = 'localhost:3000';
    expect(verdict({ host, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' })).toBe(
      'forbidden_origin',
    );
    expect(verdict({ host, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' })).toBe(
      'forbidden_origin',
    );
    expect(verdict({ host, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' })).toBe('pass');
    expect(verdict({ host, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' })).toBe('pass');
    expect(verdict({ host, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' })).toBe('pass');
  });
});
