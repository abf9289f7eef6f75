import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryStore, createRegistry, defineAction, type RunResult } from '@affordance/core';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLIENT_CLOSED } from './client-signal.js';
import { createServer } from './create-server.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The real server on 127.0.0.1 with `add` (instant) and `wait` (runs until its signal fires). */
async function start() {
  const started = deferred<void>();
  const sawAbort = deferred<unknown>();
  const ended: RunResult[] = [];
  const registry = createRegistry({
    store: createMemoryStore(),
    actions: [
      defineAction({
        name: 'add',
        description: 'Add two numbers',
        input: z.object({ a: z.number(), b: z.number() }),
        handler: (args) => ({ sum: args.a + args.b }),
      }),
      defineAction({
        name: 'wait',
        description: 'Wait until cancelled',
        input: z.object({}),
        handler: (_args, context) =>
          new Promise<string>((resolve) => {
            context.signal.addEventListener('abort', () => {
              sawAbort.resolve(context.signal.reason);
              resolve('cancelled');
            });
            started.resolve();
          }),
      }),
    ],
  });
  registry.on('call-end', (event) => ended.push(event.result));
  const { app } = createServer({ registry, mcp: false, consoleDir: false });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  stops.push(async () => {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  const post = (name: string, args: object) =>
    httpRequest({
      host: '127.0.0.1',
      port,
      agent,
      method: 'POST',
      path: `/api/actions/${name}/run`,
      headers: { 'content-type': 'application/json' },
    }).end(JSON.stringify({ args }));
  const answer = (request: ReturnType<typeof post>) =>
    new Promise<{ status: number; body: unknown; socket: unknown }>((resolve, reject) => {
      request.once('error', reject);
      request.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), socket: request.socket }),
        );
      });
    });
  return { app, post, answer, started, sawAbort, ended };
}

describe('client disconnect over real HTTP', () => {
  it('cancels a running action when the client goes away, after earlier calls on the same connection', async () => {
    const { post, answer, started, sawAbort, ended } = await start();
    const first = await answer(post('add', { a: 2, b: 3 }));
    const second = await answer(post('add', { a: 4, b: 5 }));
    expect(first.body).toMatchObject({ ok: true, value: { sum: 5 } });
    expect(second.body).toMatchObject({ ok: true, value: { sum: 9 } });
    // Both went over one kept-alive connection, which the slow call below reuses and then drops.
    expect(second.socket).toBe(first.socket);

    const slow = post('wait', {});
    slow.once('error', () => {});
    await started.promise;
    expect(slow.socket).toBe(first.socket);
    slow.destroy();

    expect(await sawAbort.promise).toBe(CLIENT_CLOSED);
    await expect.poll(() => ended.length).toBe(3);
    expect(ended[2]).toMatchObject({
      ok: false,
      name: 'wait',
      error: { code: 'aborted', message: `wait was cancelled: ${CLIENT_CLOSED}` },
    });
  });

  it("falls back to the request's own signal outside node:http (app.request)", async () => {
    const { app, started, sawAbort, ended } = await start();
    const controller = new AbortController();
    const reply = app.request('/api/actions/wait/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: {} }),
      signal: controller.signal,
    });
    await started.promise;
    controller.abort('stop');
    expect(await sawAbort.promise).toBe('stop');
    const body = (await (await reply).json()) as RunResult;
    expect(body).toMatchObject({
      ok: false,
      error: { code: 'aborted', message: 'wait was cancelled: stop' },
    });
    expect(ended).toHaveLength(1);
  });
});
