import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBody } from './limit-body.js';

function app() {
  const server = new Hono();
  server.use(
    '*',
    limitBody(10, (context) => context.text('too large', 413)),
  );
  server.post('/echo', async (context) => context.text(await context.req.text()));
  return server;
}

const stream = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

describe('limitBody', () => {
  it('checks a declared content-length without reading the body', async () => {
    const small = await app().request('/echo', { method: 'POST', body: 'hello' });
    expect(await small.text()).toBe('hello');
    const large = await app().request('/echo', { method: 'POST', body: 'x'.repeat(11) });
    expect(large.status).toBe(413);
  });

  it('counts a streamed body without content-length as it arrives', async () => {
    const init = { method: 'POST', duplex: 'half' } as RequestInit;
    const small = await app().request('/echo', { ...init, body: stream('0123456789') });
    expect(await small.text()).toBe('0123456789');
    const large = await app().request('/echo', { ...init, body: stream('0123456789!') });
    expect(large.status).toBe(413);
  });

  it("reads node:http's headers when served by Node, declared length and chunked alike", async () => {
    const server = serve({ fetch: app().fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`;
      const post = (body: BodyInit) =>
        fetch(url, { method: 'POST', body, duplex: 'half' } as RequestInit).then(async (response) => [
          response.status,
          await response.text(),
        ]);
      expect(await post('hello')).toEqual([200, 'hello']);
      expect(await post('x'.repeat(11))).toEqual([413, 'too large']);
      expect(await post(stream('0123456789'))).toEqual([200, '0123456789']);
      expect(await post(stream('0123456789!'))).toEqual([413, 'too large']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
