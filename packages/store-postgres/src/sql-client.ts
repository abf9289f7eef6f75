import { StoreError } from './store-error.js';

/** The one method every store needs; a PGlite instance, a pg Pool and a pg Client all have it. */
export interface SqlClient {
  query<TRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: TRow[] }>;
}

/** A client that can also run a function inside one transaction (the callback must use `tx`, not the outer client). */
export interface SqlDatabase extends SqlClient {
  transaction<TValue>(run: (tx: SqlClient) => Promise<TValue>): Promise<TValue>;
}

/** The part of a pg Pool used for transactions. */
interface PoolLike extends SqlClient {
  connect(): Promise<SqlClient & { release(error?: Error | boolean): void }>;
}

/** The part of PGlite used for transactions. */
interface TransactionLike extends SqlClient {
  transaction<TValue>(run: (tx: SqlClient) => Promise<TValue>): Promise<TValue>;
}

/** Any client `asDatabase` accepts: PGlite, a pg Pool, or an object that already has `transaction`. */
export type SqlClientLike = SqlClient &
  Partial<Pick<PoolLike, 'connect'>> &
  Partial<Pick<TransactionLike, 'transaction'>>;

/** Wrap a PGlite instance or a pg Pool so `transaction` runs BEGIN … COMMIT on one connection. */
export function asDatabase(client: SqlClientLike): SqlDatabase {
  if (!client || typeof client.query !== 'function') {
    throw new StoreError(
      'invalid_option',
      'client must have a query(text, params) method: pass a PGlite instance or a pg Pool',
    );
  }
  const query = guarded(client);
  if (typeof client.transaction === 'function') {
    const transactional = client as TransactionLike;
    return { query, transaction: (run) => transactional.transaction((tx) => run({ query: guarded(tx) })) };
  }
  if (typeof client.connect === 'function' && 'totalCount' in client) {
    return { query, transaction: (run) => poolTransaction(client as PoolLike, run) };
  }
  throw new StoreError(
    'invalid_option',
    'client cannot run transactions: pass a PGlite instance, a pg Pool, or an object with transaction(run)',
  );
}

/**
 * The client's `query`, refusing text parameters Postgres cannot store (the NUL character) with a `StoreError`
 * before they reach the database, so its error text (which quotes nothing useful) never stands for ours.
 */
function guarded(client: SqlClient): SqlClient['query'] {
  return (text, params) => {
    if (params) {
      for (let index = 0; index < params.length; index++) {
        const value = params[index];
        if (typeof value === 'string' && value.includes('\u0000')) {
          return Promise.reject(
            new StoreError(
              'invalid_input',
              `a text value (parameter ${index + 1}) holds the NUL character (U+0000), which Postgres cannot store`,
            ),
          );
        }
      }
    }
    return client.query(text, params);
  };
}

async function poolTransaction<TValue>(
  pool: PoolLike,
  run: (tx: SqlClient) => Promise<TValue>,
): Promise<TValue> {
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query('BEGIN');
    const value = await run({ query: guarded(connection) });
    await connection.query('COMMIT');
    return value;
  } catch (error) {
    try {
      await connection.query('ROLLBACK');
    } catch (rollbackError) {
      // The connection is unusable; tell the pool to drop it rather than hand it out again.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    }
    throw error;
  } finally {
    connection.release(broken ?? false);
  }
}
