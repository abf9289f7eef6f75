import type { EventHub } from './event-hub.js';
import type { ServerEvent } from './server-event.js';

/** Limits of `/api/events`; every field has a default. */
export interface EventStreamLimits {
  /** Most streams one user (API key's user, or the local user) may hold open (default 16). */
  readonly maxPerUser?: number;
  /** Most streams open at once (default 256). */
  readonly maxTotal?: number;
  /** Events waiting for one slow reader before its stream is dropped (default 256). */
  readonly maxQueued?: number;
  /** How often an idle stream gets a keep-alive comment (ms, default 15,000). */
  readonly heartbeatMs?: number;
  /** Events are written out at most this often per stream (ms, default 20): one write carries all queued since. */
  readonly flushMs?: number;
  /** How long a dropped stream may wait for its reader to take the final event before its connection is cut (ms, default 10,000). */
  readonly dropGraceMs?: number;
}

/** What the writer of one stream takes next: every event queued (in order), a keep-alive, or the end. */
export type StreamItem = readonly ServerEvent[] | 'ping' | 'dropped' | 'closed';

/** One open event stream: a bounded queue filled by the hub and emptied by the stream's writer. */
export interface EventStream {
  /** The next item — all the events waiting, so one write sends them — or undefined when there is none yet (then `wait`). */
  take(): StreamItem | undefined;
  /** Resolves when an item may be there. */
  wait(): Promise<void>;
  /** How many events were waiting when the stream was dropped (0 until then). */
  readonly droppedWith: number;
  /** End the stream and give its place back (idempotent). */
  close(): void;
}

/** Why a stream was not opened. */
export interface StreamRefusal {
  readonly refused: 'user' | 'total';
  readonly limit: number;
}

/** Counts for tests and the bench: open streams, per user, events queued, the largest queue seen, drops. */
export interface EventStreamStats {
  readonly open: number;
  readonly byUser: Readonly<Record<string, number>>;
  readonly queued: number;
  readonly largestQueue: number;
  readonly dropped: number;
}

/** The open `/api/events` streams of a server, with their limits. */
export interface EventStreams {
  readonly limits: Required<EventStreamLimits>;
  /**
   * Open a stream for `userId` that receives the hub's events `accept` lets through; `onDrop` hears that it was
   * dropped for reading too slowly. Refused beyond the per-user or total limit.
   */
  open(options: {
    readonly userId: string;
    readonly accept: (event: ServerEvent) => boolean;
    readonly onDrop?: () => void;
  }): EventStream | StreamRefusal;
  stats(): EventStreamStats;
  /** Close every stream (the server is shutting down). */
  close(): void;
}

interface Entry {
  readonly userId: string;
  queue: ServerEvent[];
  readonly accept: (event: ServerEvent) => boolean;
  readonly onDrop: (() => void) | undefined;
  wake: (() => void) | undefined;
  ping: boolean;
  state: 'open' | 'dropped' | 'closed';
  droppedWith: number;
}

/**
 * Streams over one hub subscription (held while any stream is open): each event is offered to every stream in
 * O(1) and written out with the others queued in the same `flushMs` (one write per stream per flush); a stream
 * whose queue is full is dropped (its queue freed; the writer ends it with a final event), and one shared timer
 * marks idle streams for a keep-alive (a flag per stream, never a queued write).
 */
export function createEventStreams(hub: EventHub, options: EventStreamLimits = {}): EventStreams {
  const limits: Required<EventStreamLimits> = {
    maxPerUser: options.maxPerUser ?? 16,
    maxTotal: options.maxTotal ?? 256,
    maxQueued: options.maxQueued ?? 256,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    flushMs: options.flushMs ?? 20,
    dropGraceMs: options.dropGraceMs ?? 10_000,
  };
  const entries = new Set<Entry>();
  const byUser = new Map<string, number>();
  let largestQueue = 0;
  let dropped = 0;
  let unsubscribe: (() => void) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  // Busy streams are woken together once per `flushMs`, so a burst of calls costs each stream one write.
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    flushTimer = undefined;
    for (const entry of entries) if (entry.queue.length > 0) wake(entry);
  };

  const wake = (entry: Entry) => {
    const resolve = entry.wake;
    entry.wake = undefined;
    resolve?.();
  };
  const deliver = (event: ServerEvent) => {
    for (const entry of entries) {
      if (entry.state !== 'open' || !entry.accept(event)) continue;
      if (entry.queue.length >= limits.maxQueued) {
        entry.state = 'dropped';
        entry.droppedWith = entry.queue.length;
        entry.queue.length = 0;
        dropped += 1;
        entry.onDrop?.();
        wake(entry);
      } else {
        entry.queue.push(event);
        if (entry.queue.length > largestQueue) largestQueue = entry.queue.length;
        flushTimer ??= setTimeout(flush, limits.flushMs);
      }
    }
  };
  const tick = () => {
    for (const entry of entries) {
      if (entry.state !== 'open' || entry.queue.length > 0) continue;
      entry.ping = true;
      wake(entry);
    }
  };
  const release = (entry: Entry) => {
    if (!entries.delete(entry)) return;
    const left = (byUser.get(entry.userId) ?? 1) - 1;
    if (left === 0) byUser.delete(entry.userId);
    else byUser.set(entry.userId, left);
    if (entries.size > 0) return;
    unsubscribe?.();
    unsubscribe = undefined;
    clearInterval(heartbeat);
    heartbeat = undefined;
    clearTimeout(flushTimer);
    flushTimer = undefined;
  };

  return {
    limits,
    open({ userId, accept, onDrop }) {
      const held = byUser.get(userId) ?? 0;
      if (held >= limits.maxPerUser) return { refused: 'user', limit: limits.maxPerUser };
      if (entries.size >= limits.maxTotal) return { refused: 'total', limit: limits.maxTotal };
      const entry: Entry = {
        userId,
        queue: [],
        accept,
        onDrop,
        wake: undefined,
        ping: false,
        state: 'open',
        droppedWith: 0,
      };
      entries.add(entry);
      byUser.set(userId, held + 1);
      unsubscribe ??= hub.subscribe(deliver);
      if (!heartbeat) {
        heartbeat = setInterval(tick, limits.heartbeatMs);
        heartbeat.unref?.();
      }
      return {
        take() {
          if (entry.state === 'closed') return 'closed';
          if (entry.queue.length > 0) {
            const events = entry.queue;
            entry.queue = [];
            return events;
          }
          if (entry.state === 'dropped') return 'dropped';
          if (!entry.ping) return undefined;
          entry.ping = false;
          return 'ping';
        },
        wait: () =>
          new Promise<void>((resolve) => {
            entry.wake = resolve;
          }),
        get droppedWith() {
          return entry.droppedWith;
        },
        close() {
          if (entry.state === 'closed') return;
          entry.state = 'closed';
          entry.queue.length = 0;
          release(entry);
          wake(entry);
        },
      };
    },
    stats() {
      let queued = 0;
      for (const entry of entries) queued += entry.queue.length;
      return { open: entries.size, byUser: Object.fromEntries(byUser), queued, largestQueue, dropped };
    },
    close() {
      for (const entry of [...entries]) {
        entry.state = 'closed';
        entry.queue.length = 0;
        release(entry);
        wake(entry);
      }
    },
  };
}
