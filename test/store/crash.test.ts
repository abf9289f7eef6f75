import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRegistry } from '@affordance/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresStore,
  migrationStatus,
  type PostgresStore,
} from '../../packages/store-postgres/src/index.js';
import { startChild, stopChildren } from '../support/postgres-processes.js';
import {
  type PostgresServer,
  postgresServerAvailable,
  startPostgresServer,
} from '../support/postgres-server.js';
import { createExecutionsTable, testActions } from '../support/postgres-test-actions.js';

const CALL_ID = /^call_[0-9a-zA-Z_]+$/;

/** Kill a child running sync-audited calls mid-load, reopen the database, and check every returned call's row. */
async function crashAndCheck(location: { url: string } | { dataDir: string }, target: number) {
  const setup = await createPostgresStore(location);
  await createExecutionsTable(setup.db);
  await setup.close();
  const child = startChild(['crash', 'url' in location ? location.url : location.dataDir]);
  await child.waitFor((lines) => lines.filter((line) => CALL_ID.test(line)).length >= target);
  child.process.kill('SIGKILL');
  expect((await child.exited).signal).toBe('SIGKILL');
  const reported = child.lines.filter((line) => CALL_ID.test(line));

  const store = await createPostgresStore(location);
  try {
    const status = await migrationStatus(store.db);
    expect(status.pending).toEqual([]);
    const { rows } = await store.db.query<AuditCheckRow>(AUDIT_CHECK, ['crash']);
    const byCall = new Map<string, number>();
    for (const row of rows) byCall.set(row.call_id, (byCall.get(row.call_id) ?? 0) + 1);
    // Every call whose result reached the caller has exactly one row.
    expect(reported.filter((callId) => byCall.get(callId) !== 1)).toEqual([]);
    // Rows of calls killed before they returned may exist too, but only whole ones.
    expect(rows.filter((row) => !row.whole)).toEqual([]);
    const executed = await store.db.query<{ count: string }>(
      "SELECT count(*)::text AS count FROM test_executions WHERE action = 'work'",
    );
    expect(Number(executed.rows[0]!.count)).toBeGreaterThanOrEqual(rows.length);
    await expectWorks(store);
    return { reported: reported.length, rows: rows.length };
  } finally {
    await store.close();
  }
}

interface AuditCheckRow {
  call_id: string;
  whole: boolean;
}

const AUDIT_CHECK = `SELECT call_id,
  (action = 'work' AND outcome = 'ok' AND user_id = 'crash' AND error_code IS NULL AND jsonb_typeof(args -> 'n') = 'number'
   AND ended_at >= started_at AND duration_ms >= 0 AND depth = 0) AS whole
  FROM agent_actions WHERE session_id = $1`;

async function expectWorks(store: PostgresStore) {
  const registry = createRegistry({ store, actions: testActions(store) });
  const result = await registry.run({
    name: 'work',
    args: { n: -1 },
    user: { id: 'after' },
    sessionId: 'after-crash',
  });
  expect(result.ok).toBe(true);
  expect(
    (await store.audit.query({ sessionId: 'after-crash' })).records.map((record) => record.callId),
  ).toEqual([result.callId]);
}

describe('a process killed with SIGKILL in the middle of sync-audited calls', () => {
  const available = postgresServerAvailable();
  let server: PostgresServer | undefined;
  beforeAll(async () => {
    if (available) server = await startPostgresServer();
  }, 120_000);
  afterAll(async () => {
    stopChildren();
    await server?.stop();
  }, 60_000);

  it.skipIf(!available)(
    'keeps the audit row of every call it returned, on a PostgreSQL server',
    async () => {
      const url = await server!.createDatabase('crash_server');
      const { reported, rows } = await crashAndCheck({ url }, 300);
      expect(reported).toBeGreaterThanOrEqual(300);
      expect(rows).toBeGreaterThanOrEqual(reported);
    },
    120_000,
  );

  it('keeps the audit row of every call it returned, in a PGlite folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'affordance-crash-'));
    try {
      const { reported, rows } = await crashAndCheck({ dataDir: join(folder, 'db') }, 100);
      expect(reported).toBeGreaterThanOrEqual(100);
      expect(rows).toBeGreaterThanOrEqual(reported);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
