import { defineAction } from '@affordance/core';
import type { PostgresStore, SqlClient } from '../../packages/store-postgres/src/index.js';

/** Create the table where test actions count their executions. */
export async function createExecutionsTable(db: SqlClient): Promise<void> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS test_executions (id bigserial PRIMARY KEY, action text NOT NULL, n integer, pid integer NOT NULL)',
  );
}

/** How many times each test action ran, over every process. */
export async function executions(db: SqlClient, action: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM test_executions WHERE action = $1',
    [action],
  );
  return Number(rows[0]?.count ?? 0);
}

const input = { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false } as const;

/** The actions every child and the parent test register; each execution leaves a row in `test_executions`. */
export function testActions(store: PostgresStore) {
  const execute = async (name: string, n: number | undefined) => {
    await store.db.query('INSERT INTO test_executions (action, n, pid) VALUES ($1, $2, $3)', [
      name,
      n ?? null,
      process.pid,
    ]);
    return { n: n ?? 0, pid: process.pid };
  };
  return [
    defineAction({
      name: 'work',
      description: 'Do a small unit of work.',
      input,
      handler: (args) => execute('work', args.n),
    }),
    defineAction({
      name: 'limited',
      description: 'Work that may run 25 times an hour in total.',
      input,
      rateLimit: { points: 25, duration: 3600, per: 'global' },
      handler: (args) => execute('limited', args.n),
    }),
    defineAction({
      name: 'charge',
      description: 'Charge once per idempotency key.',
      input,
      handler: async (args) => {
        const done = await execute('charge', args.n);
        // Hold the claim a moment so the other process's calls arrive while it runs.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return done;
      },
    }),
    defineAction({
      name: 'wipe',
      description: 'Wipe, once a person agrees.',
      input,
      approval: 'always',
      handler: (args) => execute('wipe', args.n),
    }),
  ];
}
