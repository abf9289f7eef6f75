// The Postgres event relay against a real PostgreSQL server: LISTEN/NOTIFY between two stores on one database.
import type { RelayMessage } from '@affordance/core/ports';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresStore,
  EVENT_CHANNEL,
  type PostgresStore,
} from '../../packages/store-postgres/src/index.js';
import {
  type PostgresServer,
  postgresServerAvailable,
  startPostgresServer,
} from '../support/postgres-server.js';

const available = postgresServerAvailable();

describe.skipIf(!available)('Postgres event relay (LISTEN/NOTIFY)', () => {
  let server: PostgresServer;
  let url: string;
  const stores: PostgresStore[] = [];
  beforeAll(async () => {
    server = await startPostgresServer();
    url = await server.createDatabase('relay');
    stores.push(await createPostgresStore({ url }), await createPostgresStore({ url }));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await server?.stop();
  }, 60_000);

  it('carries messages between stores, skips what does not parse, and refuses what is too large', async () => {
    const [a, b] = stores as [PostgresStore, PostgresStore];
    const heard: RelayMessage[] = [];
    const off = b.events!.subscribe((message) => heard.push(message));
    // The listening connection opens on the first subscriber: wait until a message gets through.
    await expect
      .poll(
        async () => {
          await a.events!.publish({ origin: 'a', event: { type: 'ping' } });
          return heard.length;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBeGreaterThan(0);
    // Pings sent while the listener connected may still arrive: leave them out from here on.
    const isPing = (message: RelayMessage) => (message.event as { type?: string }).type === 'ping';
    const after = () => heard.filter((message) => !isPing(message));
    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    await raw.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, 'not json']);
    await raw.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, '{"event":1}']);
    await raw.end();
    expect(await a.events!.publish({ origin: 'a', event: [{ type: 'call-start', callId: 'c1' }] })).toBe(
      true,
    );
    expect(await a.events!.publish({ origin: 'a', event: 'x'.repeat(8_000) })).toBe(false);
    await expect.poll(() => after().length).toBe(1);
    expect(after()).toEqual([{ origin: 'a', event: [{ type: 'call-start', callId: 'c1' }] }]);
    off();
    await a.events!.publish({ origin: 'a', event: 'after unsubscribing' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(after()).toHaveLength(1);
  });

  it('is absent where only one process can connect (PGlite)', async () => {
    const embedded = await createPostgresStore({ dataDir: 'memory://' });
    expect(embedded.events).toBeUndefined();
    await embedded.close();
  });
});
