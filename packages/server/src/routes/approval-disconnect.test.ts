import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createMemoryStore, createRegistry, defineAction } from '@affordance/core';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServer } from '../create-server.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe("an approver's connection dropping while the approved action runs", () => {
  it("leaves the run going: the approval ends done and the audit keeps the action's outcome", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const registry = createRegistry({
      store: createMemoryStore(),
      actions: [
        defineAction({
          name: 'publish',
          description: 'Publish the release, once a person agrees.',
          input: z.object({ version: z.string() }),
          approval: 'always',
          handler: async (args) => {
            started();
            await gate;
            return { published: args.version };
          },
        }),
      ],
    });
    const { app } = createServer({ registry, mcp: false, consoleDir: false });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;

    const asked = await fetch(`http://127.0.0.1:${port}/api/actions/publish/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: { version: '1.2.0' } }),
    });
    const paused = (await asked.json()) as { callId: string; error: { details: { approvalId: string } } };
    const id = paused.error.details.approvalId;

    // The server's end of the approver's connection: the action is let go only once the server saw it close.
    const serverSide = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const approving = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/approvals/${id}`,
      headers: { 'content-type': 'application/json' },
    });
    approving.once('error', () => {});
    approving.end(JSON.stringify({ decision: 'approve', reason: 'release day' }));
    await running;
    const socket = await serverSide;
    approving.destroy();
    await new Promise<void>((resolve) =>
      socket.destroyed ? resolve() : socket.once('close', () => resolve()),
    );
    await new Promise((resolve) => setImmediate(resolve));
    finish();

    await expect.poll(async () => (await registry.approvals.get(id))?.status).toBe('done');
    const { records } = await registry.store.audit.query();
    const last = records.find((record) => record.callId === paused.callId);
    expect(last).toMatchObject({ name: 'publish', outcome: 'ok' });
    expect(last?.errorCode).toBeUndefined();
  });
});
