import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationStatus } from './migrate.js';
import { MIGRATIONS, type Migration } from './migrations.js';
import { asDatabase, type SqlClientLike, type SqlDatabase } from './sql-client.js';

let pglite: PGlite;
let db: SqlDatabase;
let schemas = 0;
beforeAll(async () => {
  pglite = await PGlite.create('memory://');
  db = asDatabase(pglite as unknown as SqlClientLike);
}, 120_000);
afterAll(() => pglite?.close());

/** Point the (single) PGlite connection at an empty schema of its own. */
async function emptySchema(): Promise<void> {
  const name = `migrate_${++schemas}`;
  await db.query(`CREATE SCHEMA ${name}`);
  await db.query(`SET search_path TO ${name}`);
}

const first: Migration = { version: 1, name: 'first', statements: ['CREATE TABLE a (id integer)'] };
const second: Migration = {
  version: 2,
  name: 'second',
  statements: ['ALTER TABLE a ADD COLUMN b text', 'CREATE TABLE c (id integer)'],
};

describe('migrate', () => {
  it('applies every store migration once and reports them applied', async () => {
    await emptySchema();
    expect(await migrationStatus(db)).toMatchObject({ current: 0, latest: MIGRATIONS.length, applied: [] });
    expect(await migrate(db)).toEqual(MIGRATIONS.map((migration) => migration.version));
    expect(await migrate(db)).toEqual([]);
    const status = await migrationStatus(db);
    expect(status).toMatchObject({ current: MIGRATIONS.length, pending: [], changed: [], unknown: [] });
    const tables = await db.query<{ name: string }>(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1',
    );
    expect(tables.rows.map((row) => row.name)).toEqual([
      'agent_actions',
      'agent_runs',
      'chat_messages',
      'conversation_sessions',
      'document_counters',
      'documents',
      'idempotency_keys',
      'pending_approvals',
      'rate_limits',
      'schema_migrations',
      'session_history',
    ]);
  });

  it('applies only the new versions of a longer list', async () => {
    await emptySchema();
    expect(await migrate(db, [first])).toEqual([1]);
    expect((await migrationStatus(db, [first, second])).pending).toEqual([{ version: 2, name: 'second' }]);
    expect(await migrate(db, [first, second])).toEqual([2]);
    await db.query('INSERT INTO c (id) VALUES (1)');
  });

  it('rolls the whole run back when a statement fails', async () => {
    await emptySchema();
    const broken: Migration = {
      version: 2,
      name: 'broken',
      statements: ['CREATE TABLE d (id integer)', 'ALTER TABLE nope ADD x int'],
    };
    await expect(migrate(db, [first, broken])).rejects.toThrow(/nope/);
    const status = await migrationStatus(db, [first, broken]);
    expect(status.current).toBe(0);
    const tables = await db.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('a', 'd')",
    );
    expect(tables.rows).toEqual([]);
  });

  it('refuses a database with a version this code does not know, or an edited migration', async () => {
    await emptySchema();
    await migrate(db, [first, second]);
    await expect(migrate(db, [first])).rejects.toMatchObject({ code: 'schema_ahead' });
    expect((await migrationStatus(db, [first])).unknown).toEqual([2]);
    const edited: Migration = { ...first, statements: ['CREATE TABLE a (id bigint)'] };
    await expect(migrate(db, [edited, second])).rejects.toMatchObject({ code: 'migration_changed' });
    expect((await migrationStatus(db, [edited, second])).changed).toEqual([1]);
  });

  it('refuses a list that is not numbered 1, 2, 3 …', async () => {
    await expect(migrate(db, [second])).rejects.toMatchObject({ code: 'invalid_option' });
  });
});
