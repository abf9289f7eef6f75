// The two stores a store test runs against with `describe.each(STORE_KINDS)`: the memory store and PGlite in
// memory. The test file closes the PGlite ones with `afterAll(closeOpenedStores)`.
import { createMemoryStore, type Store } from '@affordance/core/ports';
import { createPostgresStore, type PostgresStore } from '../../packages/store-postgres/src/index.js';

const opened: PostgresStore[] = [];

export const STORE_KINDS: ReadonlyArray<readonly [string, () => Promise<Store>]> = [
  ['memory store', async () => createMemoryStore()],
  [
    'PGlite store',
    async () => {
      const store = await createPostgresStore({ dataDir: 'memory://' });
      opened.push(store);
      return store;
    },
  ],
];

/** Close every PGlite store `STORE_KINDS` opened so far. */
export async function closeOpenedStores(): Promise<void> {
  for (const store of opened.splice(0)) await store.close();
}
