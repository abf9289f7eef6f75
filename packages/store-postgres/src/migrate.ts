import { createHash } from 'node:crypto';
import { isoOf } from './json-text.js';
import { MIGRATIONS, type Migration } from './migrations.js';
import type { SqlClient, SqlDatabase } from './sql-client.js';
import { StoreError } from './store-error.js';

/** Key of the transaction-scoped advisory lock that makes concurrent migrations wait for each other. */
export const MIGRATION_LOCK_KEY = 4_157_220_931;

/** A migration as recorded in `schema_migrations`. */
export interface AppliedMigration {
  readonly version: number;
  readonly name: string;
  readonly checksum: string;
  readonly appliedAt: string;
}

/** Where a database's schema stands against the migrations this code knows. */
export interface MigrationStatus {
  /** Highest applied version (0 for an empty database). */
  readonly current: number;
  /** Highest version this code knows. */
  readonly latest: number;
  readonly applied: readonly AppliedMigration[];
  readonly pending: readonly Pick<Migration, 'version' | 'name'>[];
  /** Applied versions whose statements differ from this code's (edited after release). */
  readonly changed: readonly number[];
  /** Applied versions this code does not know (the database is newer than the code). */
  readonly unknown: readonly number[];
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** The SHA-256 of a migration's statements, kept beside it to notice edits. */
export function migrationChecksum(migration: Migration): string {
  return createHash('sha256').update(migration.statements.join(';\n')).digest('hex');
}

/**
 * Apply every pending migration in one transaction under `pg_advisory_xact_lock`, so processes starting
 * together migrate once; returns the versions applied. Throws `StoreError` when the schema is ahead or edited.
 */
export async function migrate(
  db: SqlDatabase,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  checkOrder(migrations);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.query(CREATE_TABLE);
    const status = compare(await readApplied(tx), migrations);
    if (status.unknown.length > 0) {
      throw new StoreError(
        'schema_ahead',
        `the database has migration ${status.unknown.join(', ')}, which this code does not know (it knows up to ${status.latest}): upgrade @affordance/store-postgres`,
      );
    }
    if (status.changed.length > 0) {
      throw new StoreError(
        'migration_changed',
        `migration ${status.changed.join(', ')} differs from the one applied to this database: add a new migration instead of editing a released one`,
      );
    }
    const applied: number[] = [];
    for (const { version } of status.pending) {
      const migration = migrations.find((candidate) => candidate.version === version)!;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migrationChecksum(migration),
      ]);
      applied.push(version);
    }
    return applied;
  });
}

/** Read which migrations are applied, pending, edited or unknown, without changing anything. */
export async function migrationStatus(
  db: SqlClient,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationStatus> {
  checkOrder(migrations);
  const { rows } = await db.query<{ exists: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`,
  );
  return compare(rows[0]?.exists ? await readApplied(db) : [], migrations);
}

async function readApplied(db: SqlClient): Promise<AppliedMigration[]> {
  const { rows } = await db.query<{ version: number; name: string; checksum: string; applied_at: unknown }>(
    'SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version',
  );
  return rows.map((row) => ({
    version: Number(row.version),
    name: row.name,
    checksum: row.checksum,
    appliedAt: isoOf(row.applied_at),
  }));
}

function compare(applied: readonly AppliedMigration[], migrations: readonly Migration[]): MigrationStatus {
  const known = new Map(migrations.map((migration) => [migration.version, migration]));
  const done = new Set(applied.map((migration) => migration.version));
  return {
    current: applied.reduce((highest, migration) => Math.max(highest, migration.version), 0),
    latest: migrations.reduce((highest, migration) => Math.max(highest, migration.version), 0),
    applied,
    pending: migrations
      .filter((migration) => !done.has(migration.version))
      .map(({ version, name }) => ({ version, name })),
    changed: applied
      .filter(
        (migration) =>
          known.has(migration.version) &&
          migrationChecksum(known.get(migration.version)!) !== migration.checksum,
      )
      .map((migration) => migration.version),
    unknown: applied
      .filter((migration) => !known.has(migration.version))
      .map((migration) => migration.version),
  };
}

function checkOrder(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (!Number.isInteger(migration.version) || migration.version !== index + 1) {
      throw new StoreError(
        'invalid_option',
        `migrations must be numbered 1, 2, 3 … in order; entry ${index} has version ${migration.version}`,
      );
    }
  });
}
