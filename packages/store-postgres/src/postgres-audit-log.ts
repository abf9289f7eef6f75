import type { AuditLog, AuditRecord } from '@affordance/core/ports';
import { queryAudit } from './audit-query.js';
import { auditInsertSql, auditParams } from './audit-rows.js';
import type { SqlClient } from './sql-client.js';
import { StoreError } from './store-error.js';

/** How audit rows reach the database. */
export type AuditDurability =
  | { readonly mode: 'sync' }
  | {
      readonly mode: 'batched';
      /** Rows per INSERT, and the queue length that starts a flush at once (default 200, at most 1,000). */
      readonly batchSize?: number;
      /** Longest time a row waits in the queue (default 100 ms). */
      readonly flushIntervalMs?: number;
      /** Rows kept while the database cannot be reached; the oldest are dropped past it (default 100,000). */
      readonly maxQueued?: number;
    };

/** An audit log in `agent_actions` that can be flushed and closed. */
export interface PostgresAuditLog extends AuditLog {
  readonly mode: 'sync' | 'batched';
  /** Rows recorded but not yet committed (always 0 in sync mode). */
  readonly pending: number;
  /** Rows dropped because the queue overflowed while writes failed. */
  readonly dropped: number;
  /** Write every queued row now; rejects when the database refuses them (they stay queued). */
  flush(): Promise<void>;
  /** Flush, then refuse further records. */
  close(): Promise<void>;
}

/** Options of `createPostgresAuditLog`. */
export interface PostgresAuditLogOptions {
  readonly durability?: AuditDurability;
  /** Hears write failures of background flushes (default: `console.error`). */
  readonly onError?: (error: unknown) => void;
}

/**
 * An audit log in Postgres. `sync`: `record` resolves once the row's INSERT has committed. `batched`: `record`
 * queues the row; a multi-row INSERT writes the queue every `flushIntervalMs` or `batchSize` rows, and `close`
 * flushes what is left.
 */
export function createPostgresAuditLog(
  db: SqlClient,
  options: PostgresAuditLogOptions = {},
): PostgresAuditLog {
  const durability = options.durability ?? { mode: 'sync' };
  const onError =
    options.onError ?? ((error: unknown) => console.error('affordance audit flush failed:', error));
  let closed = false;
  const assertOpen = () => {
    if (closed)
      throw new StoreError('closed', 'the audit log is closed; create a new store to record more calls');
  };
  if (durability.mode === 'sync') {
    const insertOne = auditInsertSql(1);
    return {
      mode: 'sync',
      pending: 0,
      dropped: 0,
      async record(record: AuditRecord) {
        assertOpen();
        await db.query(insertOne, auditParams(record));
      },
      query: (query) => queryAudit(db, query),
      flush: async () => {},
      async close() {
        closed = true;
      },
    };
  }
  const batcher = createBatcher(db, durability, onError);
  return {
    mode: 'batched',
    get pending() {
      return batcher.pending();
    },
    get dropped() {
      return batcher.dropped();
    },
    record(record: AuditRecord) {
      assertOpen();
      batcher.push(record);
    },
    async query(query) {
      // Read your own writes: what this process recorded is in the answer.
      await batcher.flush();
      return queryAudit(db, query);
    },
    flush: () => batcher.flush(),
    async close() {
      closed = true;
      await batcher.close();
    },
  };
}

interface Batcher {
  push(record: AuditRecord): void;
  flush(): Promise<void>;
  close(): Promise<void>;
  pending(): number;
  dropped(): number;
}

function createBatcher(
  db: SqlClient,
  durability: Extract<AuditDurability, { mode: 'batched' }>,
  onError: (error: unknown) => void,
): Batcher {
  const batchSize = positiveInteger('batchSize', durability.batchSize ?? 200, 1000);
  const interval = positiveInteger('flushIntervalMs', durability.flushIntervalMs ?? 100, 3_600_000);
  const maxQueued = positiveInteger('maxQueued', durability.maxQueued ?? 100_000, Number.MAX_SAFE_INTEGER);
  const statements = new Map<number, string>();
  let queue: unknown[][] = [];
  let inFlight = 0;
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const sqlFor = (rows: number) => {
    let sql = statements.get(rows);
    if (!sql) {
      sql = auditInsertSql(rows);
      statements.set(rows, sql);
    }
    return sql;
  };
  // `all` writes every queued row (flush, close, the timer); otherwise only full batches, so rows recorded while a
  // batch was being written wait for their own full batch or the timer instead of going out one by one.
  const write = async (all: boolean) => {
    while (queue.length >= (all ? 1 : batchSize)) {
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      inFlight = batch.length;
      try {
        await db.query(sqlFor(batch.length), batch.flat());
      } catch (error) {
        // Keep the rows for the next flush, oldest first.
        queue = batch.concat(queue);
        throw error;
      } finally {
        inFlight = 0;
      }
    }
  };
  const run = (all: boolean): Promise<void> => {
    if (all && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    // One writer at a time; a flush asked for while one runs waits for it, then writes what came after.
    const next = (running ?? Promise.resolve()).catch(() => {}).then(() => write(all));
    const settled = next.finally(() => {
      if (running === settled) running = undefined;
      if (queue.length > 0) schedule();
    });
    running = settled;
    return settled;
  };
  const flush = () => run(true);
  const schedule = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => void flush().catch(onError), interval);
    // A queued row must not keep the process alive; `beforeExit` below flushes it instead.
    timer.unref?.();
  };
  const onBeforeExit = () => {
    if (queue.length > 0) void flush().catch(onError);
  };
  process.on('beforeExit', onBeforeExit);

  return {
    push(record) {
      queue.push(auditParams(record));
      if (queue.length > maxQueued) {
        const excess = queue.length - maxQueued;
        queue.splice(0, excess);
        dropped += excess;
      }
      if (queue.length >= batchSize && !running) void run(false).catch(onError);
      schedule();
    },
    flush,
    async close() {
      process.off('beforeExit', onBeforeExit);
      await flush();
    },
    pending: () => queue.length + inFlight,
    dropped: () => dropped,
  };
}

function positiveInteger(name: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new StoreError(
      'invalid_option',
      `audit.${name} must be a whole number from 1 to ${max}, not ${value}`,
    );
  }
  return value;
}
