import { describe, expect, it } from 'vitest';
import { asDatabase, type SqlClientLike } from './sql-client.js';

/** A pg Pool look-alike that logs every statement and can be told to fail one. */
function fakePool(failOn?: (text: string) => boolean) {
  const log: string[] = [];
  const released: Array<Error | boolean | undefined> = [];
  const query = async (text: string) => {
    log.push(text);
    if (failOn?.(text)) throw new Error(`refused: ${text}`);
    return { rows: [] };
  };
  const pool = {
    totalCount: 0,
    query,
    connect: async () => ({ query, release: (error?: Error | boolean) => released.push(error) }),
  };
  return { pool: pool as unknown as SqlClientLike, log, released };
}

describe('asDatabase', () => {
  it('runs a pool transaction as BEGIN … COMMIT on one connection and gives it back', async () => {
    const { pool, log, released } = fakePool();
    const value = await asDatabase(pool).transaction(async (tx) => {
      await tx.query('SELECT 1');
      return 42;
    });
    expect(value).toBe(42);
    expect(log).toEqual(['BEGIN', 'SELECT 1', 'COMMIT']);
    expect(released).toEqual([false]);
  });

  it('rolls back when the callback throws, and drops a connection whose rollback failed', async () => {
    const { pool, log, released } = fakePool();
    await expect(asDatabase(pool).transaction(async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(log).toEqual(['BEGIN', 'ROLLBACK']);
    expect(released).toEqual([false]);

    const broken = fakePool((text) => text === 'ROLLBACK' || text === 'SELECT 2');
    await expect(asDatabase(broken.pool).transaction((tx) => tx.query('SELECT 2'))).rejects.toThrow(
      'refused: SELECT 2',
    );
    expect(broken.released[0]).toBeInstanceOf(Error);
  });

  it('uses a client’s own transaction method when it has one', async () => {
    const calls: string[] = [];
    const client = {
      query: async (text: string) => {
        calls.push(text);
        return { rows: [] };
      },
      transaction: async <TValue>(
        run: (tx: { query: (text: string) => Promise<{ rows: unknown[] }> }) => Promise<TValue>,
      ) => {
        calls.push('transaction');
        return run({
          query: async (text) => {
            calls.push(`tx:${text}`);
            return { rows: [] };
          },
        });
      },
    };
    await asDatabase(client as unknown as SqlClientLike).transaction((tx) => tx.query('SELECT 1'));
    expect(calls).toEqual(['transaction', 'tx:SELECT 1']);
  });

  it('refuses text holding NUL with its own StoreError before the database sees it, in and out of transactions', async () => {
    const { pool, log } = fakePool();
    const database = asDatabase(pool);
    await expect(database.query('INSERT INTO t VALUES ($1, $2)', [1, 'a\u0000b'])).rejects.toMatchObject({
      name: 'StoreError',
      code: 'invalid_input',
      message: expect.stringContaining('(parameter 2) holds the NUL character'),
    });
    await expect(database.transaction((tx) => tx.query('SELECT $1', ['\u0000']))).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(log).toEqual(['BEGIN', 'ROLLBACK']);
  });

  it('refuses a client that cannot query or cannot run transactions, saying what to pass', () => {
    expect(() => asDatabase({} as SqlClientLike)).toThrow(/query\(text, params\)/);
    expect(() => asDatabase({ query: async () => ({ rows: [] }) })).toThrow(/PGlite instance, a pg Pool/);
  });
});
