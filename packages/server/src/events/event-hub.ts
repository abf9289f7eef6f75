import { randomUUID } from 'node:crypto';
import type { Registry, RegistryEvents } from '@affordance/core';
import type { EventRelay } from '@affordance/core/ports';
import type { Logger } from 'pino';
import { isRelayedEvent, SERVER_EVENT_SHAPES, type ServerEvent } from './server-event.js';

/** How long relayed events are collected before one NOTIFY carries them (ms). */
const RELAY_BATCH_MS = 25;
/** Bytes of JSON per relayed message, under Postgres's 8,000-byte NOTIFY limit with room for the envelope. */
const RELAY_MESSAGE_BYTES = 7_500;

/** The events a server's `/api/events` streams: its registry's, and other processes' through the store's relay. */
export interface EventHub {
  subscribe(listener: (event: ServerEvent) => void): () => void;
  /** Stop relaying (the server is shutting down). */
  close(): void;
}

/**
 * Fan the registry's events out to every stream, and, with a relay, send this process's calls and approvals to the
 * others (batched, at most one message per 25 ms while calls run) and pass theirs on. Without a relay the registry
 * is listened to only while a stream is open.
 */
export function createEventHub(options: {
  readonly registry: Registry;
  readonly relay?: EventRelay;
  readonly logger: Logger;
}): EventHub {
  const { registry, relay, logger } = options;
  const origin = randomUUID();
  const listeners = new Set<(event: ServerEvent) => void>();
  const emit = (event: ServerEvent) => {
    for (const listener of listeners) listener(event);
  };
  let pending: ServerEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = [];
    for (const message of packMessages(batch, logger)) {
      relay!.publish({ origin, event: message }).then(
        (sent) => sent || logger.warn({ events: message.length }, 'relayed events too large; not sent'),
        (error: unknown) => logger.warn({ err: error }, 'relaying events failed'),
      );
    }
  };
  const local = (event: ServerEvent) => {
    emit(event);
    if (!relay || event.type === 'change' || event.type === 'ready') return;
    pending.push(event);
    timer ??= setTimeout(flush, RELAY_BATCH_MS);
  };

  let detach: (() => void) | undefined;
  const attach = () => {
    if (detach) return;
    const offs = (Object.keys(SERVER_EVENT_SHAPES) as Array<keyof typeof SERVER_EVENT_SHAPES>).map((type) =>
      registry.on(type, (event) =>
        local(
          (SERVER_EVENT_SHAPES[type] as (value: RegistryEvents[typeof type], from: Registry) => ServerEvent)(
            event,
            registry,
          ),
        ),
      ),
    );
    const unrelay = relay?.subscribe((message) => {
      if (message.origin === origin || !Array.isArray(message.event)) return;
      for (const event of message.event) if (isRelayedEvent(event)) emit(event);
    });
    detach = () => {
      for (const off of offs) off();
      unrelay?.();
      detach = undefined;
    };
  };
  // With a relay, other processes' consoles need this one's events even when nobody watches here.
  if (relay) attach();

  return {
    subscribe(listener) {
      listeners.add(listener);
      attach();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && !relay) detach?.();
      };
    },
    close() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      listeners.clear();
      detach?.();
    },
  };
}

// Greedy packing into messages under the size limit; an event too large alone is shortened (a call's value and
// model output dropped, an approval's arguments), or left out with a warning.
function packMessages(events: readonly ServerEvent[], logger: Logger): ServerEvent[][] {
  const messages: ServerEvent[][] = [];
  let current: ServerEvent[] = [];
  let size = 2;
  for (const original of events) {
    let event = original;
    let bytes = byteLength(JSON.stringify(event));
    if (bytes > RELAY_MESSAGE_BYTES) {
      event = shorten(event);
      bytes = byteLength(JSON.stringify(event));
      if (bytes > RELAY_MESSAGE_BYTES) {
        logger.warn({ type: event.type }, 'an event is too large to relay');
        continue;
      }
    }
    if (size + bytes + 1 > RELAY_MESSAGE_BYTES && current.length > 0) {
      messages.push(current);
      current = [];
      size = 2;
    }
    current.push(event);
    size += bytes + 1;
  }
  if (current.length > 0) messages.push(current);
  return messages;
}

function shorten(event: ServerEvent): ServerEvent {
  if (event.type === 'call-end') {
    const { result } = event;
    const modelOutput = result.modelOutput.slice(0, 1_000);
    const short = result.ok
      ? {
          ok: true,
          value: undefined,
          callId: result.callId,
          name: result.name,
          durationMs: result.durationMs,
          modelOutput,
        }
      : {
          ok: false,
          error: { code: result.error.code, message: result.error.message.slice(0, 1_000) },
          callId: result.callId,
          name: result.name,
          durationMs: result.durationMs,
          modelOutput,
        };
    return { ...event, result: short as typeof result, shortened: true };
  }
  if (event.type === 'approval-requested' || event.type === 'approval-decided')
    return { ...event, approval: { ...event.approval, args: {}, context: {} } };
  return event;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;
