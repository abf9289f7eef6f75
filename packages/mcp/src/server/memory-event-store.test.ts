import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from './memory-event-store.js';

const message = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: {} });

describe('createMemoryEventStore', () => {
  it('replays the events of the same stream after the given one, in order', async () => {
    const store = createMemoryEventStore();
    const first = await store.storeEvent('s1', message(1));
    await store.storeEvent('s2', message(2));
    await store.storeEvent('s1', message(3));
    await store.storeEvent('s1', message(4));
    const sent: unknown[] = [];
    const stream = await store.replayEventsAfter(first, {
      send: async (_id, replayed) => void sent.push(replayed),
    });
    expect(stream).toBe('s1');
    expect(sent).toEqual([message(3), message(4)]);
    expect(await store.getStreamIdForEventId?.(first)).toBe('s1');
  });

  it('keeps only the newest maxEvents, and an evicted id replays nothing', async () => {
    const store = createMemoryEventStore({ maxEvents: 2 });
    const oldest = await store.storeEvent('s', message(1));
    await store.storeEvent('s', message(2));
    await store.storeEvent('s', message(3));
    const sent: unknown[] = [];
    expect(
      await store.replayEventsAfter(oldest, { send: async (_id, replayed) => void sent.push(replayed) }),
    ).toBe('');
    expect(sent).toEqual([]);
  });
});
