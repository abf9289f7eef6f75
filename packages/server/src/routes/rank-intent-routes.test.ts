import type { AddressInfo } from 'node:net';
import { createCanvasRegistry } from '@affordance/canvas';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import { MAX_QUERY_LENGTH } from './action-routes.js';

// Through a real HTTP server (node:http on 127.0.0.1, port 0): the ranking options of /api/actions and /api/tools.
let base = '';
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const { registry } = createCanvasRegistry();
  const { app } = createServer({ registry, mcp: false, consoleDir: false });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

interface Entry {
  readonly name: string;
  readonly score?: number;
  readonly relevant?: boolean;
}
const get = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const errorOf = (body: Record<string, unknown>) => body.error as { code: string; message: string };

describe('ranking intents over HTTP', () => {
  it('answers the top k with intent=top, each flagged, and only the relevant ones by default', async () => {
    const top = await get('/api/actions?target=shape:shape-1&q=enlarge%20it&limit=3&intent=top');
    expect(top.status).toBe(200);
    const actions = top.body.actions as Entry[];
    expect(actions).toHaveLength(3);
    for (const entry of actions) expect(typeof entry.relevant).toBe('boolean');
    const nothing = await get('/api/actions?q=what%20is%20the%20weather%20in%20Paris&include=available');
    expect(nothing.body.actions).toEqual([]);
    const filled = await get('/api/actions?q=what%20is%20the%20weather%20in%20Paris&intent=top&limit=2');
    expect(filled.body.actions as Entry[]).toHaveLength(2);
  });

  it('ranks tool lists by q, recall first by default, and honours intent=relevant', async () => {
    const tools = await get('/api/tools?format=openai&target=shape:shape-1&q=make%20it%20red&limit=2');
    expect(tools.status).toBe(200);
    const names = (tools.body.tools as Array<{ function: { name: string } }>).map(
      (tool) => tool.function.name,
    );
    expect(names).toHaveLength(2);
    expect(names[0]).toBe('shape_updateColor');
    const relevant = await get('/api/tools?q=what%20is%20the%20weather%20in%20Paris&intent=relevant');
    expect(relevant.body.tools).toEqual([]);
  });

  it('answers a typed 400 for an unknown intent, a huge limit or a huge query', async () => {
    for (const path of ['/api/actions', '/api/tools']) {
      const bad = await get(`${path}?q=resize&intent=everything`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad.body)).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/intent/),
      });
      const array = await get(`${path}?q=resize&intent=top&intent=relevant`);
      expect(array.status).toBe(200);
      for (const limit of ['1000000', '1e9', '-1', '2.5', 'all']) {
        const huge = await get(`${path}?q=resize&intent=top&limit=${limit}`);
        expect(huge.status).toBe(400);
        expect(errorOf(huge.body).code).toBe('invalid_request');
      }
      const long = await get(`${path}?intent=top&q=${'enlarge%20'.repeat(MAX_QUERY_LENGTH / 4)}`);
      expect(long.status).toBe(400);
      expect(errorOf(long.body)).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/q/),
      });
    }
  });

  it('ranks a query at the length limit made of many distinct words', async () => {
    const words: string[] = [];
    for (let i = 0; words.join(' ').length < MAX_QUERY_LENGTH - 12; i++) words.push(`w${i.toString(36)}x`);
    const text = encodeURIComponent(`${words.join(' ')} resize`.slice(0, MAX_QUERY_LENGTH));
    const answer = await get(`/api/actions?target=shape:shape-1&q=${text}&intent=top&limit=5`);
    expect(answer.status).toBe(200);
    expect(answer.body.actions as Entry[]).toHaveLength(5);
  });
});
