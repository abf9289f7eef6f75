import { createMemoryConversationStore } from '@affordance/core/ports';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../packages/store-postgres/src/index.js';
import { describeConversationStoreContract } from '../../packages/store-postgres/src/testing/index.js';
import {
  type PostgresServer,
  postgresServerAvailable,
  startPostgresServer,
} from '../support/postgres-server.js';

const api = { describe, it, expect, beforeEach, afterAll };
const opened: PostgresStore[] = [];
const open = async (options: Parameters<typeof createPostgresStore>[0]) => {
  const store = await createPostgresStore(options);
  opened.push(store);
  return store.conversations;
};
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
}, 60_000);

describeConversationStoreContract('memory', () => createMemoryConversationStore(), api);
describeConversationStoreContract('PGlite', () => open({ dataDir: 'memory://' }), api);

const available = postgresServerAvailable();
describe.skipIf(!available)('PostgreSQL server', () => {
  let server: PostgresServer | undefined;
  let starting: Promise<PostgresServer> | undefined;
  const started = () => (starting ??= startPostgresServer().then((value) => (server = value)));
  beforeAll(started, 120_000);
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await server?.stop();
  }, 60_000);
  describeConversationStoreContract(
    'Postgres server',
    async () => open({ url: await (await started()).createDatabase('conversations') }),
    api,
  );
});
