import { get, type IncomingMessage } from 'node:http';
import { createCanvasRegistry, DEMO_USERS } from '@affordance/canvas';
import { createMemoryStore, createRegistry, defineAction } from '@affordance/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type ListeningServer, listenServer } from './listen-server.js';
import { rawStatus } from './raw-request.js';

const WAIT = { timeout: 60_000, interval: 50 };
const KEYS = {
  'key-ana': DEMO_USERS.editor,
  'key-vic': DEMO_USERS.viewer,
  'key-ada': { id: 'ada', name: 'Ada (admin)', roles: ['admin'] },
};
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

let server: ListeningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A registry with one action whose result is large, so a few calls fill a stalled reader's socket buffers. */
function bulkyRegistry() {
  const big = 'x'.repeat(256 * 1024);
  return createRegistry({
    store: createMemoryStore(),
    actions: [defineAction({ name: 'bulky', description: 'Answer a large value', handler: () => ({ big }) })],
  });
}

async function run(url: string, name: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/actions/${name}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ args: {} }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('/api/events resource limits, over real sockets', () => {
  it('drops a reader that does not read, with a final event, while its queue stays bounded', async () => {
    server = await listenServer({
      registry: bulkyRegistry(),
      mcp: false,
      eventStreams: { maxQueued: 8, dropGraceMs: 600_000 },
    });
    const { streams } = server;
    // A client that reads the answer's headers and then nothing more.
    const stalled = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = get(
        `${server!.url}/api/events`,
        { headers: { accept: 'text/event-stream' } },
        (answer) => {
          answer.pause();
          resolve(answer);
        },
      );
      request.on('error', reject);
    });
    expect(stalled.statusCode).toBe(200);
    await expect.poll(() => streams.stats().open, WAIT).toBe(1);

    let calls = 0;
    while (streams.stats().dropped === 0 && calls < 2_000) {
      expect(await run(server.url, 'bulky')).toBe(200);
      calls += 1;
      expect(streams.stats().queued).toBeLessThanOrEqual(8);
    }
    // The final event may already sit in the socket's buffer (the stream then ended) or still wait for the reader.
    expect(streams.stats()).toMatchObject({ dropped: 1, queued: 0 });
    expect(streams.stats().open).toBeLessThanOrEqual(1);
    expect(streams.stats().largestQueue).toBeLessThanOrEqual(8);
    // More calls after the drop queue nothing for it.
    for (let i = 0; i < 5; i += 1) await run(server.url, 'bulky');
    expect(streams.stats().queued).toBe(0);

    // When the reader finally reads, the stream ends with the final event, and its place is given back.
    const chunks: Buffer[] = [];
    stalled.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => stalled.once('end', resolve));
    stalled.resume();
    await ended;
    stalled.destroy();
    const text = Buffer.concat(chunks).toString('utf8');
    const last = text.trimEnd().split('\n\n').at(-1) ?? '';
    expect(last).toMatch(
      /^event: stream-dropped\ndata: \{"type":"stream-dropped","reason":"this reader fell 8 events behind/,
    );
    await expect.poll(() => streams.stats().open, WAIT).toBe(0);
  }, 120_000);

  it('caps open streams per user and in total with a typed 429, while another user is still served', async () => {
    server = await listenServer({
      registry: createCanvasRegistry().registry,
      users: { keys: KEYS },
      mcp: false,
      eventStreams: { maxPerUser: 2, maxTotal: 3 },
    });
    const events = `${server.url}/api/events`;
    const open = (key: string) => rawStatus(events, { ...bearer(key), accept: 'text/event-stream' });
    expect((await open('key-vic')).status).toBe(200);
    expect((await open('key-vic')).status).toBe(200);
    // rawStatus hangs up on a 200 at once: wait until the server has seen both go, then hold two open for real.
    await expect.poll(() => server!.streams.stats().open, WAIT).toBe(0);
    const held = [await hold(events, 'key-vic'), await hold(events, 'key-vic')];
    const third = await open('key-vic');
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toEqual({
      error: {
        code: 'too_many_streams',
        message: 'this user already has 2 event streams open (the most per user)',
        hint: expect.stringContaining('eventStreamsPerUser'),
      },
    });
    const editor = await hold(events, 'key-ana');
    const full = await open('key-ada');
    expect(full.status).toBe(429);
    expect(JSON.parse(full.body).error.message).toBe(
      'the server already has 3 event streams open (the most in total)',
    );
    expect(server.streams.stats().byUser).toEqual({ vic: 2, ana: 1 });
    // The viewer's streams do not slow the editor's calls to a halt: they are still answered.
    for (let i = 0; i < 20; i += 1)
      expect(await run(server.url, 'shape_updateColor', bearer('key-ana'))).toBe(200);
    for (const stream of [...held, editor]) stream.abort();
    await expect.poll(() => server!.streams.stats().open, WAIT).toBe(0);
    const again = await hold(events, 'key-ada');
    again.abort();
  });
});

/** Open an event stream with fetch and keep it open (reading) until aborted. */
async function hold(url: string, key: string): Promise<AbortController> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: bearer(key), signal: controller.signal });
  expect(response.status).toBe(200);
  void response.body?.pipeTo(new WritableStream(), { signal: controller.signal }).catch(() => {});
  return controller;
}

describe('/mcp session limits, over real sockets', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'limits', version: '1' } },
  });
  const init = async (key: string) => {
    const response = await fetch(`${server!.url}/mcp`, {
      method: 'POST',
      headers: {
        ...bearer(key),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: initialize,
    });
    const text = await response.text();
    return { status: response.status, session: response.headers.get('mcp-session-id'), text };
  };
  const ping = async (key: string, session: string) => {
    const response = await fetch(`${server!.url}/mcp`, {
      method: 'POST',
      headers: {
        ...bearer(key),
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-06-18',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    });
    await response.text();
    return response.status;
  };

  it('caps sessions per user (429) and makes room in a full pool from the largest holder, never from a newcomer', async () => {
    server = await listenServer({
      registry: createCanvasRegistry().registry,
      users: { keys: KEYS },
      mcp: { maxSessionsPerUser: 3, maxSessions: 5, jsonResponse: true },
    });
    const viewer = [await init('key-vic'), await init('key-vic'), await init('key-vic')];
    expect(viewer.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const fourth = await init('key-vic');
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.text)).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringContaining('already has 3 open MCP sessions') },
    });
    const editor = [await init('key-ana'), await init('key-ana')];
    expect(editor.map((answer) => answer.status)).toEqual([200, 200]);
    expect(server.mcp?.sessionCount).toBe(5);
    // The pool is full: the admin still gets in, and the viewer (holding the most) loses its idlest session.
    await ping('key-vic', viewer[1]!.session!);
    await ping('key-vic', viewer[2]!.session!);
    const admin = await init('key-ada');
    expect(admin.status).toBe(200);
    expect(server.mcp?.sessionCount).toBe(5);
    expect(await ping('key-vic', viewer[0]!.session!)).toBe(404);
    expect(await ping('key-vic', viewer[1]!.session!)).toBe(200);
    expect(await ping('key-ada', admin.session!)).toBe(200);
  });
});

describe('what /api/health tells a caller without a key', () => {
  it('leaves out where the data lives unless the caller has a key', async () => {
    server = await listenServer({
      registry: createCanvasRegistry().registry,
      users: { keys: KEYS },
      mcp: false,
      storage: 'Postgres at db.internal.example:5432/affordance',
    });
    const anonymous = await (await fetch(`${server.url}/api/health`)).json();
    expect(anonymous).toEqual({ ok: true, actions: expect.any(Number), version: expect.any(Number) });
    expect(JSON.stringify(anonymous)).not.toContain('db.internal');
    const wrongKey = await (await fetch(`${server.url}/api/health`, { headers: bearer('nope') })).json();
    expect(wrongKey).not.toHaveProperty('storage');
    const signedIn = await (await fetch(`${server.url}/api/health`, { headers: bearer('key-vic') })).json();
    expect(signedIn).toMatchObject({ storage: 'Postgres at db.internal.example:5432/affordance' });
  });
});
