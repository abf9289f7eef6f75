import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../e2e/start-server.js';
import { rawRequest, rawStatus } from './raw-request.js';

// The real CLI server (tsx + PGlite, no API keys: loopback callers are the local user with every role), with one
// configured public name and one configured cross-site origin. Generous timeouts for a loaded machine.
const SLOW = 240_000;
const RUN = '/api/actions/shape_updateColor/run';
const RED = JSON.stringify({ args: { blockId: 'shape-1', color: '#ff0000' } });

describe('cross-site requests and DNS rebinding against the real server', () => {
  const folder = mkdtempSync(join(tmpdir(), 'affordance-security-'));
  let server: RunningServer;
  let url: string;
  let port: string;
  let approvalId: string;
  const local = () => ({ host: `127.0.0.1:${port}` });

  const targetOf = async (id: string) => {
    const answer = await rawRequest(`${url}/api/targets`, { headers: local() });
    const targets = (answer.json() as { targets: Array<{ id: string }> }).targets;
    return targets.find((target) => target.id === id);
  };
  const auditedRuns = async () => {
    const answer = await rawRequest(`${url}/api/audit?action=shape_updateColor`, { headers: local() });
    return (answer.json() as { records: unknown[] }).records.length;
  };

  beforeAll(async () => {
    server = await startServer({
      data: join(folder, 'data'),
      args: ['--allowed-host', 'console.example.test', '--allowed-origin', 'https://app.example.test'],
    });
    url = server.url;
    port = new URL(url).port;
    const paused = await rawRequest(`${url}/api/actions/shape_remove/run`, {
      method: 'POST',
      headers: { ...local(), 'content-type': 'application/json' },
      body: JSON.stringify({ args: { blockId: 'shape-3' } }),
    });
    approvalId = (paused.json() as { error: { details: { approvalId: string } } }).error.details.approvalId;
    expect(approvalId).toBeTruthy();
  }, SLOW);

  afterAll(async () => {
    const code = await server?.stop();
    rmSync(folder, { recursive: true, force: true });
    expect(code).toBe(0);
  }, SLOW);

  it(
    'refuses the run route from a foreign Origin, a rebinding Host, and as text/plain or a form, with or without Origin',
    async () => {
      const before = await targetOf('shape-1');
      const attempts: Array<Record<string, string>> = [
        { 'content-type': 'text/plain', origin: 'https://evil.example' },
        { 'content-type': 'application/json', origin: 'https://evil.example' },
        { 'content-type': 'application/json', origin: 'null' },
        { 'content-type': 'application/json', host: `attacker.example:${port}` },
        {
          'content-type': 'text/plain',
          host: `attacker.example:${port}`,
          origin: `http://attacker.example:${port}`,
        },
        { 'content-type': 'text/plain' },
        { 'content-type': 'application/x-www-form-urlencoded' },
        { 'content-type': 'multipart/form-data; boundary=x' },
        { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      ];
      const answers = [];
      for (const headers of attempts) {
        const answer = await rawRequest(`${url}${RUN}`, {
          method: 'POST',
          headers: { ...local(), ...headers },
          body: RED,
        });
        answers.push({
          status: answer.status,
          code: (answer.json() as { error: { code: string } }).error.code,
        });
      }
      expect(answers).toEqual([
        { status: 403, code: 'forbidden_origin' },
        { status: 403, code: 'forbidden_origin' },
        { status: 403, code: 'forbidden_origin' },
        { status: 403, code: 'forbidden_host' },
        { status: 403, code: 'forbidden_host' },
        { status: 415, code: 'unsupported_media_type' },
        { status: 415, code: 'unsupported_media_type' },
        { status: 415, code: 'unsupported_media_type' },
        { status: 403, code: 'forbidden_origin' },
      ]);
      expect(await targetOf('shape-1')).toEqual(before);
      expect(await auditedRuns()).toBe(0);
    },
    SLOW,
  );

  it('says what to configure in the typed error', async () => {
    const host = await rawRequest(`${url}${RUN}`, {
      method: 'POST',
      headers: { host: `attacker.example:${port}`, 'content-type': 'application/json' },
      body: RED,
    });
    expect(host.json()).toEqual({
      error: {
        code: 'forbidden_host',
        message: expect.stringContaining(`"attacker.example:${port}"`),
        hint: expect.stringMatching(/allowedHosts.*--allowed-host/),
      },
    });
    const origin = await rawRequest(`${url}${RUN}`, {
      method: 'POST',
      headers: { ...local(), origin: 'https://evil.example', 'content-type': 'application/json' },
      body: RED,
    });
    expect((origin.json() as { error: { hint: string } }).error.hint).toMatch(
      /allowedOrigins.*--allowed-origin/,
    );
    // The operator finds the refusal and its reason in the server's log.
    await expect
      .poll(() => server.logs().includes('"code":"forbidden_host"'), { timeout: 30_000 })
      .toBe(true);
    const refusal = server
      .logs()
      .split('\n')
      .find((line) => line.includes('"code":"forbidden_host"'));
    expect(JSON.parse(refusal!)).toMatchObject({
      msg: 'request refused by the cross-site guard',
      host: `attacker.example:${port}`,
      path: RUN,
    });
  });

  it('refuses to decide an approval cross-site: it stays pending', async () => {
    const decide = `${url}/api/approvals/${encodeURIComponent(approvalId)}`;
    const body = JSON.stringify({ decision: 'approve' });
    const statuses = [];
    for (const headers of [
      { ...local(), 'content-type': 'text/plain', origin: 'https://evil.example' },
      { ...local(), 'content-type': 'application/x-www-form-urlencoded' },
      { ...local(), 'content-type': 'application/json', origin: 'https://evil.example' },
      { host: `attacker.example:${port}`, 'content-type': 'application/json' },
    ])
      statuses.push((await rawRequest(decide, { method: 'POST', headers, body })).status);
    expect(statuses).toEqual([403, 415, 403, 403]);
    const pending = await rawRequest(`${url}/api/approvals?status=pending`, { headers: local() });
    expect((pending.json() as { approvals: Array<{ id: string }> }).approvals.map((a) => a.id)).toContain(
      approvalId,
    );
  });

  it('refuses to read the audit log, the event stream, AG-UI and MCP from another site or a rebinding name', async () => {
    const foreign = { ...local(), origin: 'https://evil.example' };
    const rebound = { host: `attacker.example:${port}` };
    const agui = JSON.stringify({ threadId: 't', runId: 'r', messages: [] });
    const mcpInit = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const statuses = {
      audit: [
        (await rawRequest(`${url}/api/audit`, { headers: foreign })).status,
        (await rawRequest(`${url}/api/audit`, { headers: rebound })).status,
        (
          await rawRequest(`${url}/api/audit`, {
            headers: { ...local(), 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
          })
        ).status,
      ],
      events: [
        (await rawStatus(`${url}/api/events`, { ...foreign, accept: 'text/event-stream' })).status,
        (await rawStatus(`${url}/api/events`, { ...rebound, accept: 'text/event-stream' })).status,
      ],
      agui: [
        (
          await rawRequest(`${url}/agui`, {
            method: 'POST',
            headers: { ...local(), 'content-type': 'text/plain' },
            body: agui,
          })
        ).status,
        (
          await rawRequest(`${url}/agui`, {
            method: 'POST',
            headers: { ...foreign, 'content-type': 'application/json' },
            body: agui,
          })
        ).status,
        (
          await rawRequest(`${url}/agui`, {
            method: 'POST',
            headers: { ...rebound, 'content-type': 'application/json' },
            body: agui,
          })
        ).status,
      ],
      mcp: [
        (
          await rawRequest(`${url}/mcp`, {
            method: 'POST',
            headers: { ...foreign, ...mcpHeaders },
            body: mcpInit,
          })
        ).status,
        (
          await rawRequest(`${url}/mcp`, {
            method: 'POST',
            headers: { ...rebound, ...mcpHeaders },
            body: mcpInit,
          })
        ).status,
        (
          await rawRequest(`${url}/mcp`, {
            method: 'POST',
            headers: { ...local(), ...mcpHeaders, 'content-type': 'text/plain' },
            body: mcpInit,
          })
        ).status,
      ],
    };
    expect(statuses).toEqual({
      audit: [403, 403, 403],
      events: [403, 403],
      agui: [415, 403, 403],
      mcp: [403, 403, 415],
    });
  });

  it('answers the console on every loopback name and the configured public name, same-origin', async () => {
    const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'console.example.test'];
    for (const host of hosts) {
      const origin = `http://${host}`;
      const run = await rawRequest(`${url}/api/actions/shape_updateColor/run`, {
        method: 'POST',
        headers: { host, origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ args: { blockId: 'shape-1', color: '#00aa00' } }),
      });
      expect({ host, status: run.status }).toEqual({ host, status: 200 });
      expect((await rawRequest(`${url}/`, { headers: { host } })).status).toBe(200);
      expect(
        (await rawStatus(`${url}/api/events`, { host, origin, accept: 'text/event-stream' })).status,
      ).toBe(200);
    }
    // Behind a proxy that ends TLS, the public name's https pages are the same site.
    const proxied = await rawRequest(`${url}/api/audit`, {
      headers: { host: 'console.example.test', origin: 'https://console.example.test' },
    });
    expect(proxied.status).toBe(200);
    expect(proxied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers unless the origin is configured, and answers its preflight', async () => {
    const plain = await rawRequest(`${url}/api/health`, { headers: local() });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = (origin: string) =>
      rawRequest(`${url}${RUN}`, {
        method: 'OPTIONS',
        headers: {
          ...local(),
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, authorization',
        },
      });
    const allowed = await preflight('https://app.example.test');
    expect(allowed.status).toBe(204);
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.example.test',
      'access-control-allow-methods': expect.stringContaining('POST'),
      'access-control-allow-headers': expect.stringContaining('content-type'),
      vary: expect.stringContaining('Origin'),
    });
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const call = await rawRequest(`${url}${RUN}`, {
      method: 'POST',
      headers: { ...local(), origin: 'https://app.example.test', 'content-type': 'application/json' },
      body: JSON.stringify({ args: { blockId: 'shape-1', color: '#0000ff' } }),
    });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe('https://app.example.test');
  });

  it('shows where the data lives only to a caller on this machine, and never on the home page', async () => {
    const health = (await rawRequest(`${url}/api/health`, { headers: local() })).json() as {
      storage?: string;
    };
    expect(health.storage).toMatch(/^PGlite in /);
    const home = await rawRequest(`${url}/`, { headers: local() });
    expect(home.text).not.toContain(folder);
  });
});
