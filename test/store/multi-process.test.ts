import { createRegistry } from '@affordance/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresStore,
  MIGRATIONS,
  migrationStatus,
  type PostgresStore,
} from '../../packages/store-postgres/src/index.js';
import { type ChildRun, startChild, stopChildren } from '../support/postgres-processes.js';
import {
  type PostgresServer,
  postgresServerAvailable,
  startPostgresServer,
} from '../support/postgres-server.js';
import { createExecutionsTable, executions, testActions } from '../support/postgres-test-actions.js';

const available = postgresServerAvailable();

/** Start both children, wait until each is ready, then let them go at the same moment; answer their summaries. */
async function together(children: ChildRun[]): Promise<string[][]> {
  await Promise.all(children.map((child) => child.waitFor((lines) => lines.includes('ready'))));
  for (const child of children) child.send('go');
  const summaries: string[][] = [];
  for (const child of children) {
    const { code } = await child.exited;
    if (code !== 0) throw new Error(`child failed with ${code}:\n${child.stderr()}`);
    summaries.push(JSON.parse(child.lines.at(-1)!) as string[]);
  }
  return summaries;
}

const count = (list: readonly string[], value: string) => list.filter((item) => item === value).length;

describe.skipIf(!available)('several processes sharing one PostgreSQL server', () => {
  let server: PostgresServer;
  let store: PostgresStore;
  let url: string;
  beforeAll(async () => {
    server = await startPostgresServer();
    url = await server.createDatabase('shared');
    store = await createPostgresStore({ url });
    await createExecutionsTable(store.db);
  }, 120_000);
  afterAll(async () => {
    stopChildren();
    await store?.close();
    await server?.stop();
  }, 60_000);

  it('never lets one rate limit be exceeded, whatever the number of processes', async () => {
    const [first, second] = await together([
      startChild(['rate', url, '40']),
      startChild(['rate', url, '40']),
    ]);
    const all = [...first!, ...second!];
    expect(count(all, 'ok')).toBe(25);
    expect(count(all, 'rate_limited')).toBe(55);
    expect(await executions(store.db, 'limited')).toBe(25);
  }, 120_000);

  it('runs an idempotency key sent from two processes at once exactly once', async () => {
    const [first, second] = await together([
      startChild(['idempotent', url, '10']),
      startChild(['idempotent', url, '10']),
    ]);
    const all = [...first!, ...second!];
    expect(await executions(store.db, 'charge')).toBe(1);
    expect(count(all, 'ok')).toBe(1);
    // The others either saw the call still running or read its stored result.
    expect(count(all, 'duplicate') + count(all, 'replayed')).toBe(19);
  }, 120_000);

  it('resumes in one process a call another process paused for approval', async () => {
    const asker = startChild(['ask', url, 'approval-session']);
    const { code } = await asker.exited;
    expect(code).toBe(0);
    const asked = JSON.parse(asker.lines.at(-1)!) as {
      ok: boolean;
      callId: string;
      error: { code: string; details: { approvalId: string } };
    };
    expect(asked).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    expect(await executions(store.db, 'wipe')).toBe(0);

    const registry = createRegistry({ store, actions: testActions(store) });
    const approved = await registry.approvals.approve(asked.error.details.approvalId, { by: 'ada' });
    expect(approved).toMatchObject({ ok: true, callId: asked.callId, value: { n: 1, pid: process.pid } });
    expect(await executions(store.db, 'wipe')).toBe(1);
    const { records } = await store.audit.query({ sessionId: 'approval-session' });
    expect(records.map((record) => [record.callId, record.outcome, record.errorCode])).toEqual([
      [asked.callId, 'ok', undefined],
      [asked.callId, 'error', 'approval_required'],
    ]);
    await expect(
      registry.approvals.approve(asked.error.details.approvalId, { by: 'bob' }),
    ).rejects.toMatchObject({
      code: 'approval_not_pending',
    });
  }, 120_000);

  it('migrates once when several processes start on an empty database together', async () => {
    const fresh = await server.createDatabase('fresh_start');
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => createPostgresStore({ url: fresh, poolSize: 2 })),
    );
    try {
      const status = await migrationStatus(stores[0]!.db);
      expect(status.applied.map((migration) => migration.version)).toEqual(
        MIGRATIONS.map((migration) => migration.version),
      );
      expect(status.pending).toEqual([]);
    } finally {
      await Promise.all(stores.map((opened) => opened.close()));
    }
  }, 120_000);
});
