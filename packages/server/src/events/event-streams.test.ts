import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventHub } from './event-hub.js';
import { createEventStreams, type EventStream, type StreamRefusal } from './event-streams.js';
import type { ServerEvent } from './server-event.js';

function fakeHub() {
  const listeners = new Set<(event: ServerEvent) => void>();
  const hub: EventHub = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
  };
  const emit = (event: ServerEvent) => {
    for (const listener of listeners) listener(event);
  };
  return { hub, emit, listeners };
}

const change = (version: number) => ({ type: 'change', version }) as unknown as ServerEvent;
const opened = (stream: EventStream | StreamRefusal): EventStream => {
  if ('refused' in stream) throw new Error(`refused: ${stream.refused}`);
  return stream;
};

afterEach(() => vi.useRealTimers());

describe('createEventStreams', () => {
  it('hands the writer every queued event at once, and drops a stream whose queue is full', () => {
    const { hub, emit } = fakeHub();
    const streams = createEventStreams(hub, { maxQueued: 3 });
    let drops = 0;
    const stream = opened(streams.open({ userId: 'u', accept: () => true, onDrop: () => drops++ }));
    emit(change(1));
    emit(change(2));
    expect(stream.take()).toEqual([change(1), change(2)]);
    expect(stream.take()).toBeUndefined();
    for (let version = 3; version <= 6; version += 1) emit(change(version));
    expect({ drops, stats: streams.stats() }).toEqual({
      drops: 1,
      stats: { open: 1, byUser: { u: 1 }, queued: 0, largestQueue: 3, dropped: 1 },
    });
    expect(stream.droppedWith).toBe(3);
    expect(stream.take()).toBe('dropped');
    stream.close();
    expect(stream.take()).toBe('closed');
    expect(streams.stats().open).toBe(0);
  });

  it('offers each stream only what it accepts', () => {
    const { hub, emit } = fakeHub();
    const streams = createEventStreams(hub);
    const even = opened(
      streams.open({ userId: 'a', accept: (event) => (event as { version: number }).version % 2 === 0 }),
    );
    emit(change(1));
    emit(change(2));
    expect(even.take()).toEqual([change(2)]);
  });

  it('refuses past the per-user and total limits, and gives places back on close', () => {
    const { hub, listeners } = fakeHub();
    const streams = createEventStreams(hub, { maxPerUser: 2, maxTotal: 3 });
    const accept = () => true;
    const first = opened(streams.open({ userId: 'vic', accept }));
    opened(streams.open({ userId: 'vic', accept }));
    expect(streams.open({ userId: 'vic', accept })).toEqual({ refused: 'user', limit: 2 });
    opened(streams.open({ userId: 'ana', accept }));
    expect(streams.open({ userId: 'ada', accept })).toEqual({ refused: 'total', limit: 3 });
    first.close();
    first.close();
    expect(streams.stats().byUser).toEqual({ vic: 1, ana: 1 });
    opened(streams.open({ userId: 'ada', accept }));
    streams.close();
    expect(streams.stats().open).toBe(0);
    // The hub is listened to only while a stream is open.
    expect(listeners.size).toBe(0);
  });

  it('marks idle streams for one keep-alive per beat from one shared timer, never queueing pings', async () => {
    vi.useFakeTimers();
    const { hub } = fakeHub();
    const streams = createEventStreams(hub, { heartbeatMs: 1000 });
    const stream = opened(streams.open({ userId: 'u', accept: () => true }));
    const woken = stream.wait();
    vi.advanceTimersByTime(3500);
    await woken;
    expect(stream.take()).toBe('ping');
    expect(stream.take()).toBeUndefined();
    expect(vi.getTimerCount()).toBe(1);
    stream.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
