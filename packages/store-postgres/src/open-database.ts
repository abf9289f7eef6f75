import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type FolderLock, lockFolder } from './folder-lock.js';
import { asDatabase, type SqlClientLike, type SqlDatabase } from './sql-client.js';
import { StoreError } from './store-error.js';

/** Where the data lives: a Postgres server by URL, an embedded PGlite folder, or a client you own. */
export interface DatabaseOptions {
  /** `postgres://…` of a server (Supabase included); `DATABASE_URL` is read when no option is given. */
  readonly url?: string;
  /** PGlite folder (default `./.affordance/db`), or `memory://` for a throwaway database. */
  readonly dataDir?: string;
  /** A PGlite instance or pg Pool you created and close yourself. */
  readonly client?: SqlClientLike;
  /** Most connections of the pg pool (default 10). */
  readonly poolSize?: number;
  /** Environment to read `DATABASE_URL` from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** An open database and how to close it. */
export interface OpenDatabase {
  readonly db: SqlDatabase;
  readonly kind: 'pglite' | 'postgres' | 'client';
  /** Where it is: the URL without its password, the PGlite folder, or `client`. */
  readonly location: string;
  /** The server's URL as given (password included), when opened by URL: for connections outside the pool. */
  readonly connectionString?: string;
  /** The lock this process holds on its PGlite folder (none in memory, on a server or a given client). */
  readonly lock?: FolderLock;
  close(): Promise<void>;
}

/** The PGlite folder used when neither a URL, a folder nor a client is given. */
export const DEFAULT_DATA_DIR = './.affordance/db';

/**
 * Open the database the options point at: `client` as given, else `url` (or `DATABASE_URL`) with a pg Pool, else
 * PGlite in `dataDir`. The drivers are loaded only when used.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<OpenDatabase> {
  if (options.client)
    return { db: asDatabase(options.client), kind: 'client', location: 'client', close: async () => {} };
  const env = options.env ?? process.env;
  const url = options.url ?? (options.dataDir === undefined ? env.DATABASE_URL || undefined : undefined);
  if (url !== undefined) return openServer(url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? DEFAULT_DATA_DIR);
}

async function openServer(url: string, poolSize: number): Promise<OpenDatabase> {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new StoreError(
      'invalid_option',
      `a database URL must start with postgres:// or postgresql://, not ${JSON.stringify(redact(url))}`,
    );
  }
  if (!Number.isInteger(poolSize) || poolSize < 1)
    throw new StoreError('invalid_option', `poolSize must be a whole number ≥ 1, not ${poolSize}`);
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops must not crash the process; the next query opens a new one.
  pool.on('error', () => {});
  return {
    db: asDatabase(pool as unknown as SqlClientLike),
    kind: 'postgres',
    location: redact(url),
    connectionString: url,
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<OpenDatabase> {
  if (typeof dataDir !== 'string' || dataDir === '')
    throw new StoreError('invalid_option', 'dataDir must be a folder path or memory://');
  const inMemory = dataDir.startsWith('memory://');
  const location = inMemory ? dataDir : resolve(dataDir);
  if (!inMemory) await mkdir(location, { recursive: true });
  // One writer per folder: a second process would write the same files behind the first one's back.
  const lock = inMemory ? undefined : lockFolder(location);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create(inMemory ? dataDir : location);
    return {
      db: asDatabase(pglite as unknown as SqlClientLike),
      kind: 'pglite',
      location,
      ...(lock ? { lock } : {}),
      close: () => pglite.close().finally(() => lock?.release()),
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
