import type { AddressInfo } from 'node:net';
import { createCanvasRegistry } from '@affordance/canvas';
import { HttpAgent, verifyEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { serve } from '@hono/node-server';
import { from } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../packages/server/src/create-server.js';
import { NO_MODEL_MESSAGE } from '../../packages/server/src/routes/agui-route.js';

const servers: Array<{ close(callback: () => void): void }> = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

async function listen(model?: string): Promise<string> {
  const { app } = createServer({
    registry: createCanvasRegistry().registry,
    mcp: false,
    ...(model ? { model } : {}),
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}/agui`),
    );
    servers.push(server);
  });
}

const INPUT = {
  threadId: 'thread-1',
  runId: 'run-1',
  state: {},
  messages: [{ id: 'm1', role: 'user', content: 'make shape-1 red' }],
  tools: [
    {
      name: 'confirm',
      description: 'Ask the user to confirm',
      parameters: { type: 'object', properties: {} },
    },
  ],
  context: [],
  forwardedProps: {},
};

describe('POST /agui without a model', () => {
  it('answers RUN_STARTED then a RUN_ERROR that says how to configure a model, in valid AG-UI events', async () => {
    const url = await listen();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(INPUT),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice('data: '.length)) as BaseEvent);
    expect(events.map((event) => event.type)).toEqual(['RUN_STARTED', 'RUN_ERROR']);
    expect(events[0]).toMatchObject({ threadId: 'thread-1', runId: 'run-1' });
    expect(events[1]).toMatchObject({ code: 'no_model', message: NO_MODEL_MESSAGE });
    for (const event of events)
      expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
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
    await expect(verified).resolves.toHaveLength(2);
  });

  it("reaches @ag-ui/client's HttpAgent as a run error naming AFFORDANCE_MODEL", async () => {
    const agent = new HttpAgent({ url: await listen(), threadId: 'thread-2' });
    agent.addMessage({ id: 'm1', role: 'user', content: 'make shape-1 red' });
    const seen: string[] = [];
    let errorMessage: string | undefined;
    const run = agent.runAgent(
      { runId: 'run-2', tools: INPUT.tools },
      {
        onEvent: ({ event }) => {
          seen.push(event.type);
        },
        onRunErrorEvent: ({ event }) => {
          errorMessage = event.message;
        },
      },
    );
    await run.catch(() => undefined);
    expect(seen).toEqual(['RUN_STARTED', 'RUN_ERROR']);
    expect(errorMessage).toContain('AFFORDANCE_MODEL=openai:<model>');
  });

  it('says the loop is not wired when a model is named', async () => {
    const response = await fetch(await listen('openai:gpt-4.1-mini'), {
      method: 'POST',
      body: JSON.stringify(INPUT),
    });
    const frames = (await response.text()).split('\n\n').filter(Boolean);
    expect(JSON.parse(frames[1]!.slice('data: '.length))).toMatchObject({
      type: 'RUN_ERROR',
      code: 'model_unsupported',
    });
  });

  it('answers a body that is not JSON with a typed 400', async () => {
    const response = await fetch(await listen(), { method: 'POST', body: 'nope' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_json_body');
  });
});
