import { createCanvasRegistry } from '@affordance/canvas';
import { describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';

interface Received {
  readonly event: string;
  readonly data: Record<string, unknown> & {
    readonly name?: string;
    readonly result?: { readonly name?: string };
    readonly approval?: { readonly name?: string };
  };
}

/** Read SSE events from a response until `stop` says enough. */
async function readEvents(response: Response, stop: (events: Received[]) => boolean) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: Received[] = [];
  let buffer = '';
  while (!stop(events)) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) events.push({ event, data: JSON.parse(data) });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

describe('GET /api/events', () => {
  it('streams ready, then call-start/call-end and approval events as they happen', async () => {
    const { registry } = createCanvasRegistry();
    const { app } = createServer({ registry, mcp: false, consoleDir: false });
    const controller = new AbortController();
    const response = await app.request('/api/events', { signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reading = readEvents(response, (events) =>
      events.some((event) => event.event === 'approval-requested'),
    );
    const run = (name: string, args: unknown) =>
      app.request(`/api/actions/${name}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ args }),
      });
    await run('shape_updateColor', { blockId: 'shape-1', color: '#00ff00' });
    await run('shape_remove', { blockId: 'shape-3' });
    const events = await reading;
    controller.abort();
    expect(events[0]).toEqual({ event: 'ready', data: { type: 'ready', version: registry.version } });
    const kinds = events.map(
      (event) =>
        `${event.event}:${event.data.name ?? event.data.result?.name ?? event.data.approval?.name ?? ''}`,
    );
    // Events are written in batches: the approval's call-end may come in the same chunk as the request.
    expect(kinds.slice(0, 5)).toEqual([
      'ready:',
      'call-start:shape_updateColor',
      'call-end:shape_updateColor',
      'call-start:shape_remove',
      'approval-requested:shape_remove',
    ]);
    const end = events[2]!.data;
    expect(end).toMatchObject({
      type: 'call-end',
      target: { type: 'shape', id: 'shape-1' },
      result: { ok: true },
    });
    expect(end.target).toEqual({ type: 'shape', id: 'shape-1' });
  });

  it('removes its listeners when the client goes away', async () => {
    const { registry } = createCanvasRegistry();
    let active = 0;
    const on = registry.on.bind(registry);
    // Count the stream's live listeners through the registry's own subscribe/unsubscribe.
    (registry as { on: typeof registry.on }).on = ((type: never, listener: never) => {
      active++;
      const off = on(type, listener);
      return () => {
        active--;
        off();
      };
    }) as typeof registry.on;
    const { app } = createServer({ registry, mcp: false, consoleDir: false });
    const controller = new AbortController();
    const response = await app.request('/api/events', { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read(); // the `ready` event: the stream is subscribed
    expect(active).toBe(5);
    controller.abort();
    await expect.poll(() => active).toBe(0);
    const result = await registry.run({
      name: 'shape_lock',
      args: { blockId: 'shape-1' },
      user: { id: 'u', roles: ['editor'] },
    });
    expect(result.ok).toBe(true);
  });

  it('streams to a key holder without an auditor role only their own calls', async () => {
    const { registry } = createCanvasRegistry();
    const keys = {
      'key-ana': { id: 'ana', roles: ['editor'] },
      'key-vic': { id: 'vic', roles: ['viewer'] },
    };
    const { app } = createServer({ registry, mcp: false, consoleDir: false, users: { keys } });
    const controller = new AbortController();
    const response = await app.request('/api/events', {
      signal: controller.signal,
      headers: { authorization: 'Bearer key-vic' },
    });
    const reading = readEvents(response, (events) => events.some((event) => event.event === 'call-end'));
    const run = (key: string) =>
      app.request('/api/actions/shape_updateColor/run', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ args: { blockId: 'shape-1', color: '#00ff00' } }),
      });
    await run('key-ana');
    await run('key-vic');
    const events = await reading;
    controller.abort();
    expect(events.map((event) => event.event)).toEqual(['ready', 'call-start', 'call-end']);
    expect(events[1]!.data).toMatchObject({ userId: 'vic' });
    expect(events[2]!.data).toMatchObject({ result: { ok: false, error: { code: 'forbidden' } } });
  });

  it('streams approval events only to those who may decide them: not the requester, not a viewer', async () => {
    const { registry } = createCanvasRegistry();
    const keys = {
      'key-ana': { id: 'ana', roles: ['editor'] },
      'key-vic': { id: 'vic', roles: ['viewer'] },
      'key-root': { id: 'root', roles: ['admin'] },
    };
    const { app } = createServer({ registry, mcp: false, consoleDir: false, users: { keys } });
    const controller = new AbortController();
    const listen = async (key: string) =>
      readEvents(
        await app.request('/api/events', {
          signal: controller.signal,
          headers: { authorization: `Bearer ${key}` },
        }),
        (events) =>
          events.some((event) => event.event === 'call-end' && event.data.result?.name === 'shape_lock'),
      );
    const streams = ['key-ana', 'key-vic', 'key-root'].map(listen);
    const run = (key: string, name: string, args: unknown) =>
      app.request(`/api/actions/${name}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ args }),
      });
    await run('key-ana', 'shape_remove', { blockId: 'shape-3' });
    // Each stream stops at the end of a shape_lock call it sees: its own, or any for root (an auditor).
    await run('key-ana', 'shape_lock', { blockId: 'shape-1' });
    await run('key-vic', 'shape_lock', { blockId: 'shape-1' });
    await run('key-root', 'shape_lock', { blockId: 'shape-1' });
    const [ana, vic, root] = await Promise.all(streams);
    controller.abort();
    const approvals = (events: Received[] | undefined) =>
      (events ?? []).filter((event) => event.event.startsWith('approval-')).map((event) => event.event);
    expect(approvals(ana)).toEqual([]);
    expect(approvals(vic)).toEqual([]);
    expect(approvals(root)).toEqual(['approval-requested']);
  });
});
