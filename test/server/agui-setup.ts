// Shared setup of the /agui tests: a canvas server on a free port, a replayed model, and AG-UI stream checks.
import type { AddressInfo } from 'node:net';
import { createCanvasRegistry } from '@affordance/canvas';
import { defineAction } from '@affordance/core';
import { createMemoryConversationStore } from '@affordance/core/ports';
import { HttpAgent, verifyEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { serve } from '@hono/node-server';
import { from } from 'rxjs';
import { expect } from 'vitest';
import { createServer, type ServerOptions } from '../../packages/server/src/create-server.js';
import type { RecordedJson } from '../support/replay-fixtures.js';
import { startReplayModel } from './replay-model.js';

const cleanups: Array<() => Promise<void>> = [];

/** Run `cleanup` after the test (in `closeAll`). */
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

/** Close every server and replayed model the last test opened (each test file calls it in `afterEach`). */
export async function closeAll(): Promise<void> {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
}

export async function listen(options: Omit<ServerOptions, 'registry' | 'mcp'> = {}) {
  const canvas = createCanvasRegistry();
  const conversations = options.conversations ?? createMemoryConversationStore();
  const { app } = createServer({ registry: canvas.registry, mcp: false, conversations, ...options });
  const url = await new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}/agui`),
    );
    cleanups.push(() => closeServer(server));
  });
  return { ...canvas, app, url, conversations };
}

/** Serve `options.registry` at /agui (no MCP) on a free port until `closeAll`, or `close` now. */
export async function serveAgui(options: Omit<ServerOptions, 'mcp'>) {
  const { app } = createServer({ mcp: false, ...options });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((done) => server.once('listening', done));
  const close = () => closeServer(server);
  onCleanup(close);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agui`, close };
}

/** `order_ship`: asks which street (answer checked by `schema`) and ships there; `shipped` lists `order@street`. */
export function askingShip(
  schema: Record<string, unknown>,
  shipped: string[],
  options: { readonly approval?: 'always' } = {},
) {
  return defineAction({
    name: 'order_ship',
    description: 'Ship an order',
    input: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] } as const,
    ...options,
    handler: ({ order }, ctx) => {
      const { street } = ctx.ask<{ street: string }>({ message: 'Which street?', schema });
      shipped.push(`${order}@${street}`);
      return `shipped ${order} to ${street}`;
    },
  });
}

/** Close a listening server now, keep-alive connections included. */
export function closeServer(server: ReturnType<typeof serve>): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}

export async function replay(script: readonly (readonly string[])[]) {
  const replayModel = await startReplayModel(script);
  cleanups.push(() => replayModel.close());
  return replayModel;
}

/** Run an HttpAgent once; answers every event it saw, in order, and the run's outcome. */
export async function runOnce(agent: HttpAgent, parameters: Parameters<HttpAgent['runAgent']>[0] = {}) {
  const events: BaseEvent[] = [];
  let failure: unknown;
  await agent
    .runAgent(parameters, {
      onEvent: ({ event }) => {
        events.push(event);
      },
    })
    .catch((error: unknown) => {
      failure = error;
    });
  return { events, failure, types: events.map((event) => event.type) };
}

/** Every event passes @ag-ui/core's schema, and the whole sequence passes @ag-ui/client's verifyEvents. */
export async function expectValidStream(events: readonly BaseEvent[]) {
  for (const event of events) expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
  // @ag-ui/client carries its own rxjs copy; its operator is applied directly to an observable of ours.
  const verify = verifyEvents(false);
  const verified = new Promise<BaseEvent[]>((resolve, reject) => {
    const passed: BaseEvent[] = [];
    verify(from(events) as unknown as Parameters<typeof verify>[0]).subscribe({
      next: (event) => passed.push(event),
      error: reject,
      complete: () => resolve(passed),
    });
  });
  await expect(verified).resolves.toHaveLength(events.length);
}

/** A promise and its resolve function (Node 20 has no Promise.withResolvers). */
export function deferred<TValue>() {
  let resolve!: (value: TValue) => void;
  const promise = new Promise<TValue>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export const CONFIRM_TOOL = {
  name: 'confirmChoice',
  description: 'Ask the user to confirm before a change',
  parameters: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
};

export function agentFor(url: string, threadId: string, text: string) {
  const agent = new HttpAgent({ url, threadId });
  agent.addMessage({ id: `${threadId}-u1`, role: 'user', content: text });
  return agent;
}

/** A raw POST /agui (what a client that skips the official one's checks sends); answers the status and events. */
export async function postAgui(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; events: (BaseEvent & Record<string, unknown>)[] }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ messages: [], tools: [], context: [], ...body }),
  });
  const text = await response.text();
  const events = text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice(6)) as BaseEvent & Record<string, unknown>);
  return { status: response.status, events };
}

export const lastRequest = (model: { server: { requests: readonly { body: RecordedJson }[] } }) =>
  model.server.requests.at(-1)?.body as RecordedJson;
