export {
  createPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from './create-postgres-store.js';
export { type FolderLock, type FolderLockHolder, lockFolder } from './folder-lock.js';
export {
  type AppliedMigration,
  MIGRATION_LOCK_KEY,
  type MigrationStatus,
  migrate,
  migrationChecksum,
  migrationStatus,
} from './migrate.js';
export { MIGRATIONS, type Migration } from './migrations.js';
export { type DatabaseOptions, DEFAULT_DATA_DIR, type OpenDatabase, openDatabase } from './open-database.js';
export { createPostgresApprovalStore } from './postgres-approval-store.js';
export {
  type AuditDurability,
  createPostgresAuditLog,
  type PostgresAuditLog,
  type PostgresAuditLogOptions,
} from './postgres-audit-log.js';
export { createPostgresConversationStore } from './postgres-conversation-store.js';
export {
  createPostgresDocumentStore,
  type DocumentChange,
  type DocumentErrorKind,
  type PostgresDocumentStore,
  type PostgresDocumentStoreOptions,
  type StoredDocument,
} from './postgres-document-store.js';
export {
  createPostgresEventRelay,
  EVENT_CHANNEL,
  type PostgresEventRelay,
} from './postgres-event-relay.js';
export { createPostgresIdempotencyStore } from './postgres-idempotency-store.js';
export { createPostgresRateLimiter } from './postgres-rate-limiter.js';
export { createPostgresSessionHistory } from './postgres-session-history.js';
export { asDatabase, type SqlClient, type SqlClientLike, type SqlDatabase } from './sql-client.js';
export { StoreError, type StoreErrorKind } from './store-error.js';
