import type { EventRelay, RelayMessage } from '@affordance/core/ports';
import type pg from 'pg';
import type { SqlDatabase } from './sql-client.js';

/** The LISTEN/NOTIFY channel the relay uses. */
export const EVENT_CHANNEL = 'affordance_events';

/** Postgres refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_999;
const RECONNECT_MS = [100, 500, 2_000, 5_000];

/** A relay that can also be closed (the store closes it). */
export interface PostgresEventRelay extends EventRelay {
  close(): Promise<void>;
}

/**
 * An event relay over Postgres `LISTEN`/`NOTIFY`: messages go out through the store's pool with `pg_notify`, and
 * a dedicated connection (opened on the first subscriber, closed after the last) listens, reconnecting with backoff
 * when the server drops it. Messages that do not parse as `{ origin, event }` are ignored.
 */
export function createPostgresEventRelay(options: {
  readonly db: SqlDatabase;
  readonly url: string;
  readonly onError?: (error: unknown) => void;
}): PostgresEventRelay {
  const listeners = new Set<(message: RelayMessage) => void>();
  const onError = options.onError ?? (() => {});
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let failures = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const deliver = (payload: string | undefined) => {
    const message = parseMessage(payload);
    if (!message) return;
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        onError(error);
      }
    }
  };

  const listen = async () => {
    const { default: pgModule } = await import('pg');
    const next = new pgModule.Client({ connectionString: options.url });
    next.on('notification', (notification) => {
      if (notification.channel === EVENT_CHANNEL) deliver(notification.payload);
    });
    next.on('error', (error) => {
      onError(error);
      dropped(next);
    });
    next.on('end', () => dropped(next));
    await next.connect();
    await next.query(`LISTEN ${EVENT_CHANNEL}`);
    if (closed || listeners.size === 0) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
  };

  const start = () => {
    if (client || connecting || closed || listeners.size === 0) return;
    connecting = listen()
      .catch((error: unknown) => {
        onError(error);
        failures++;
        schedule();
      })
      .finally(() => {
        connecting = undefined;
      });
  };

  const schedule = () => {
    if (closed || listeners.size === 0 || retry) return;
    const delay = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = undefined;
      start();
    }, delay);
    retry.unref?.();
  };

  const dropped = (which: pg.Client) => {
    if (client !== which) return;
    client = undefined;
    failures++;
    schedule();
  };

  const stop = async () => {
    if (retry) clearTimeout(retry);
    retry = undefined;
    await connecting;
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };

  return {
    async publish(message) {
      const payload = JSON.stringify({ origin: message.origin, event: message.event });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return false;
      await options.db.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, payload]);
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) void stop();
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await stop();
    },
  };
}

function parseMessage(payload: string | undefined): RelayMessage | undefined {
  if (!payload) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { origin, event } = value as { origin?: unknown; event?: unknown };
  return typeof origin === 'string' && event !== undefined ? { origin, event } : undefined;
}
