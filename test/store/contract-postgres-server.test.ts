import { describeStoreContract } from '@affordance/core/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../packages/store-postgres/src/index.js';
import {
  type PostgresServer,
  postgresServerAvailable,
  startPostgresServer,
} from '../support/postgres-server.js';

const available = postgresServerAvailable();
let server: PostgresServer | undefined;
const urls = new Map<string, Promise<string>>();
const databaseUrl = (name: string) => {
  let url = urls.get(name);
  if (!url) {
    url = startedServer().then((started) => started.createDatabase(name));
    urls.set(name, url);
  }
  return url;
};
let starting: Promise<PostgresServer> | undefined;
const startedServer = () => (starting ??= startPostgresServer().then((started) => (server = started)));

beforeAll(async () => {
  if (available) await startedServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
}, 60_000);

describe.skipIf(!available)('PostgreSQL server', () => {
  const api = { describe, it, expect, beforeEach, afterAll };
  describeStoreContract(
    'Postgres server store, sync audit',
    async () => createPostgresStore({ url: await databaseUrl('contract_sync') }),
    api,
  );
  describeStoreContract(
    'Postgres server store, batched audit',
    async () =>
      createPostgresStore({
        url: await databaseUrl('contract_batched'),
        audit: { mode: 'batched', batchSize: 3, flushIntervalMs: 5 },
      }),
    api,
  );
});
