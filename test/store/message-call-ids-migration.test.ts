// Migration 8 (`chat_messages_call_ids`, a GIN index on the tool-call ids a message holds): a database at version 7
// with messages in it takes the migration, the index is in the catalog, the planner can answer the store's call-id
// match from it, and `findMessages` answers what the lookup before the index (the query kept below) answered; a database
// given the index beforehand (CONCURRENTLY, as docs/persistence.md says for a large table) takes it too. On PGlite, and
// on a PostgreSQL server when its binaries are here (test/support/postgres-server.ts).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresConversationStore,
  MIGRATIONS,
  migrate,
  migrationStatus,
  type OpenDatabase,
  openDatabase,
  type SqlDatabase,
} from '../../packages/store-postgres/src/index.js';
import { CALL_IDS } from '../../packages/store-postgres/src/postgres-conversation-store.js';
import {
  type PostgresServer,
  postgresServerAvailable,
  startPostgresServer,
} from '../support/postgres-server.js';

const opened: OpenDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
}, 60_000);

/** `findMessages` before migration 8: each row's jsonb taken apart, no index able to help. */
const LOOKUP_BEFORE = `SELECT position FROM chat_messages WHERE session_id = $1 AND (id = ANY($2::text[])
  OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(tool_calls) = 'array' THEN tool_calls ELSE '[]'::jsonb END) AS c WHERE c->>'id' = ANY($3::text[]))
  OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(tool_results) = 'array' THEN tool_results ELSE '[]'::jsonb END) AS r WHERE r->>'toolCallId' = ANY($3::text[])))
  ORDER BY position`;

const call = (id: string) => ({ id, name: 'shape_move', args: {} });
const result = (toolCallId: string) => ({ toolCallId, name: 'shape_move', ok: true, output: 'ok' });

/** Two sessions of messages holding calls and results, one call id in both; the lookups asked of them. */
async function writeThreads(db: SqlDatabase) {
  const store = createPostgresConversationStore(db);
  const [one, two] = ['ses_one', 'ses_two'];
  for (const id of [one, two]) await store.createSession({ id });
  await store.appendMessage(one, { role: 'user', content: 'first' });
  await store.appendMessage(one, { id: 'msg_asked', role: 'user', content: 'asked' });
  await store.appendMessage(one, { role: 'assistant', content: '', toolCalls: [call('tc_1'), call('tc_2')] });
  await store.appendMessage(one, { role: 'tool', content: 'ok', toolResults: [result('tc_1')] });
  await store.appendMessage(one, { role: 'tool', content: 'ok', toolResults: [result('tc_2')] });
  await store.appendMessage(one, { role: 'assistant', content: '', toolCalls: [call('tc_3')] });
  await store.appendMessage(one, { role: 'assistant', content: 'done', toolCalls: [] });
  await store.appendMessage(two, { role: 'assistant', content: '', toolCalls: [call('tc_1')] });
  await store.appendMessage(two, { role: 'tool', content: 'ok', toolResults: [result('tc_1')] });
  const lookups = [
    [one, { ids: ['msg_asked', 'msg_missing'], toolCallIds: ['tc_1', 'tc_3', 'tc_missing'] }],
    [one, { ids: [], toolCallIds: ['tc_2'] }],
    [one, { ids: ['msg_asked'], toolCallIds: [] }],
    [two, { ids: [], toolCallIds: ['tc_1', 'tc_2'] }],
    [two, { ids: ['msg_asked'], toolCallIds: ['tc_3'] }],
  ] as const;
  return { store, lookups };
}

function describeMigration(name: string, open: () => Promise<SqlDatabase>): void {
  describe(name, () => {
    it('applies to a database at version 7 and findMessages answers what the lookup before it did', async () => {
      const db = await open();
      expect(
        await migrate(
          db,
          MIGRATIONS.filter((migration) => migration.version <= 7),
        ),
      ).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const { store, lookups } = await writeThreads(db);
      const positionsBefore = [];
      for (const [session, query] of lookups) {
        const { rows } = await db.query<{ position: number }>(LOOKUP_BEFORE, [
          session,
          [...query.ids],
          [...query.toolCallIds],
        ]);
        positionsBefore.push(rows.map((row) => Number(row.position)));
      }
      expect(positionsBefore).toEqual([[2, 3, 4, 6], [3, 5], [2], [1, 2], []]);
      const foundBefore = [];
      for (const [session, query] of lookups) foundBefore.push(await store.findMessages!(session, query));
      expect(foundBefore.map((found) => found.map((message) => message.position))).toEqual(positionsBefore);

      expect(await migrate(db)).toEqual([8]);
      expect(await migrationStatus(db)).toMatchObject({ current: 8, pending: [], changed: [] });
      const { rows } = await db.query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes
         WHERE schemaname = current_schema() AND tablename = 'chat_messages' AND indexname = 'chat_messages_call_ids'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.indexdef).toMatch(/USING gin/);
      for (const [at, [session, query]] of lookups.entries())
        expect(await store.findMessages!(session, query)).toEqual(foundBefore[at]);
    });

    it('lets the planner answer the store’s call-id match from the index once a table scan is ruled out', async () => {
      const db = await open();
      await migrate(db);
      const plan = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        const explained = await tx.query<Record<string, string>>(
          `EXPLAIN SELECT id FROM chat_messages WHERE ${CALL_IDS} ?| ARRAY['tc_1']`,
        );
        return explained.rows.map((row) => Object.values(row).join(' ')).join('\n');
      });
      // Were the store's expression not the index's, the only plan would be the (disabled) sequential scan.
      expect(plan).toContain('chat_messages_call_ids');
      expect(plan).not.toContain('Seq Scan');
    });

    it('takes the index built beforehand without holding writes, as docs/persistence.md says for a large table', async () => {
      const db = await open();
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 7),
      );
      const { store, lookups } = await writeThreads(db);
      // The statement the docs give, run on its own (CONCURRENTLY cannot run in a transaction).
      await db.query(concurrentIndex());
      expect(await migrate(db)).toEqual([8]);
      expect(await migrationStatus(db)).toMatchObject({ current: 8, pending: [], changed: [] });
      const { rows } = await db.query<{ valid: boolean }>(
        `SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = to_regclass('chat_messages_call_ids')`,
      );
      expect(rows).toEqual([{ valid: true }]);
      const found = [];
      for (const [session, query] of lookups) found.push(await store.findMessages!(session, query));
      expect(found.map((messages) => messages.map((message) => message.position))).toEqual([
        [2, 3, 4, 6],
        [3, 5],
        [2],
        [1, 2],
        [],
      ]);
    });

    it('can run again on a database that has the index (IF NOT EXISTS)', async () => {
      const db = await open();
      await migrate(db);
      const [indexMigration] = MIGRATIONS.filter((migration) => migration.version === 8);
      for (const statement of indexMigration!.statements) await db.query(statement);
      expect(await migrate(db)).toEqual([]);
    });
  });
}

/**
 * The statement docs/persistence.md gives for building migration 8's index before the upgrade: the migration's own,
 * CONCURRENTLY. It is read from the docs, and must be the migration's word for word but for that one word.
 */
function concurrentIndex(): string {
  const docs = readFileSync(new URL('../../docs/persistence.md', import.meta.url), 'utf8');
  const block = /```sql\n(CREATE INDEX CONCURRENTLY[^`]*?);?\n```/.exec(docs)?.[1];
  expect(block, 'docs/persistence.md gives the CONCURRENTLY statement in a sql block').toBeDefined();
  const [migration] = MIGRATIONS.filter((candidate) => candidate.version === 8);
  const words = (sql: string) => sql.replace(/\s+/g, ' ').trim();
  expect(words(block!)).toBe(
    words(migration!.statements[0]!.replace('CREATE INDEX', 'CREATE INDEX CONCURRENTLY')),
  );
  return block!;
}

let databases = 0;
// One PGlite (each open costs seconds), each test in an empty schema of its own.
let pglite: Promise<OpenDatabase> | undefined;
describeMigration('migration 8 on PGlite', async () => {
  pglite ??= openDatabase({ dataDir: 'memory://' }).then((database) => {
    opened.push(database);
    return database;
  });
  const { db } = await pglite;
  const schema = `call_ids_${++databases}`;
  await db.query(`CREATE SCHEMA ${schema}`);
  await db.query(`SET search_path TO ${schema}`);
  return db;
});

const available = postgresServerAvailable();
describe.skipIf(!available)('on a PostgreSQL server', () => {
  let server: PostgresServer | undefined;
  let starting: Promise<PostgresServer> | undefined;
  const started = () => (starting ??= startPostgresServer().then((value) => (server = value)));
  beforeAll(started, 120_000);
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
    await server?.stop();
  }, 60_000);
  describeMigration('migration 8 on the server', async () => {
    const url = await (await started()).createDatabase(`call_ids_${++databases}`);
    const database = await openDatabase({ url });
    opened.push(database);
    return database.db;
  });
});
