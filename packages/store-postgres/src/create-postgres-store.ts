import type { Store } from '@affordance/core';
import type { ConversationStore } from '@affordance/core/ports';
import type { FolderLock } from './folder-lock.js';
import { migrate } from './migrate.js';
import { type DatabaseOptions, openDatabase } from './open-database.js';
import { createPostgresAgentRunStore } from './postgres-agent-run-store.js';
import { createPostgresApprovalStore } from './postgres-approval-store.js';
import { type AuditDurability, createPostgresAuditLog, type PostgresAuditLog } from './postgres-audit-log.js';
import { createPostgresConversationStore } from './postgres-conversation-store.js';
import {
  createPostgresDocumentStore,
  type PostgresDocumentStore,
  type PostgresDocumentStoreOptions,
  type StoredDocument,
} from './postgres-document-store.js';
import { createPostgresEventRelay, type PostgresEventRelay } from './postgres-event-relay.js';
import { createPostgresIdempotencyStore } from './postgres-idempotency-store.js';
import { createPostgresRateLimiter } from './postgres-rate-limiter.js';
import { createPostgresSessionHistory } from './postgres-session-history.js';
import type { SqlDatabase } from './sql-client.js';
import { StoreError } from './store-error.js';

/** Options of `createPostgresStore`: where the data lives, and how the audit log is written. */
export interface PostgresStoreOptions extends DatabaseOptions {
  /** `sync` (default): a call returns after its audit row commits. `batched`: rows are written in batches. */
  readonly audit?: AuditDurability;
  /** Apply pending migrations on start (default true). */
  readonly migrate?: boolean;
  /** Hears failures of background audit flushes (default `console.error`). */
  readonly onError?: (error: unknown) => void;
}

/** Every store port in one Postgres database, plus conversations and documents. */
export interface PostgresStore extends Store {
  readonly audit: PostgresAuditLog;
  readonly conversations: ConversationStore;
  readonly db: SqlDatabase;
  readonly kind: 'pglite' | 'postgres' | 'client';
  readonly location: string;
  /** This process's lock on its PGlite folder (absent in memory and on a server). */
  readonly lock?: FolderLock;
  /** Live events between the processes on one Postgres server (LISTEN/NOTIFY); absent on PGlite and given clients. */
  readonly events?: PostgresEventRelay;
  /** A document store over the `documents` table (one per document id). */
  documents<TDocument extends StoredDocument = StoredDocument>(
    options?: PostgresDocumentStoreOptions<TDocument>,
  ): PostgresDocumentStore<TDocument>;
  /** Delete expired idempotency keys and rate-limit windows; answers how many rows went. */
  prune(): Promise<{ readonly idempotencyKeys: number; readonly rateLimits: number }>;
  /** Write queued audit rows now. */
  flush(): Promise<void>;
  /** Flush, then close the database when the store opened it. */
  close(): Promise<void>;
}

/**
 * Open the database (PGlite in `./.affordance/db` by default; `url` or `DATABASE_URL` for a server), apply
 * pending migrations, and return every port over it: `createRegistry({ store: await createPostgresStore() })`.
 */
export async function createPostgresStore(options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const mode = options.audit?.mode ?? 'sync';
  if (mode !== 'sync' && mode !== 'batched') {
    throw new StoreError(
      'invalid_option',
      `audit.mode must be 'sync' or 'batched', not ${JSON.stringify(mode)}`,
    );
  }
  const opened = await openDatabase(options);
  const { db } = opened;
  try {
    if (options.migrate !== false) await migrate(db);
    const audit = createPostgresAuditLog(db, {
      durability: options.audit ?? { mode: 'sync' },
      ...(options.onError ? { onError: options.onError } : {}),
    });
    let closing: Promise<void> | undefined;
    const events =
      opened.kind === 'postgres' && opened.connectionString
        ? createPostgresEventRelay({
            db,
            url: opened.connectionString,
            ...(options.onError ? { onError: options.onError } : {}),
          })
        : undefined;
    return {
      audit,
      approvals: createPostgresApprovalStore(db),
      agentRuns: createPostgresAgentRunStore(db),
      idempotency: createPostgresIdempotencyStore(db),
      rateLimiter: createPostgresRateLimiter(db),
      history: createPostgresSessionHistory(db),
      conversations: createPostgresConversationStore(db),
      db,
      kind: opened.kind,
      location: opened.location,
      ...(opened.lock ? { lock: opened.lock } : {}),
      ...(events ? { events } : {}),
      documents: (documentOptions) => createPostgresDocumentStore(db, documentOptions),
      async prune() {
        const keys = await db.query('DELETE FROM idempotency_keys WHERE expires_at <= now() RETURNING 1');
        const windows = await db.query('DELETE FROM rate_limits WHERE expires_at <= now() RETURNING 1');
        return { idempotencyKeys: keys.rows.length, rateLimits: windows.rows.length };
      },
      flush: () => audit.flush(),
      close() {
        closing ??= Promise.all([audit.close(), events?.close()])
          .then(() => undefined)
          .finally(() => opened.close());
        return closing;
      },
    };
  } catch (error) {
    await opened.close();
    throw error;
  }
}
