import { auditRecord } from '@affordance/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from './create-postgres-store.js';
import { openDatabase } from './open-database.js';

let store: PostgresStore;
beforeAll(async () => {
  store = await createPostgresStore({ dataDir: 'memory://' });
}, 120_000);
afterAll(() => store?.close());

describe('createPostgresStore on PGlite', () => {
  it('says where it keeps its data', () => {
    expect(store.kind).toBe('pglite');
    expect(store.location).toBe('memory://');
    expect(store.audit.mode).toBe('sync');
  });

  it('lists approvals by the idempotency key their call was given', async () => {
    for (const key of ['pg-call-a', 'pg-call-b']) {
      await store.approvals.create({
        id: `approval-${key}`,
        callId: `call-${key}`,
        name: 'transfer',
        args: {},
        user: undefined,
        context: {},
        sessionId: 'keys',
        idempotencyKey: key,
        requestedAt: new Date(0).toISOString(),
        status: 'pending',
      });
    }
    const found = await store.approvals.list({
      status: 'pending',
      sessionId: 'keys',
      idempotencyKey: 'pg-call-b',
    });
    expect(found.map((approval) => approval.id)).toEqual(['approval-pg-call-b']);
  });

  it('orders audit pages by number past nine rows (regression: ordering by the text cursor column)', async () => {
    const sessionId = 'ordering';
    const written = Array.from({ length: 12 }, (_, second) => auditRecord({ sessionId, second }));
    for (const record of written) await store.audit.record(record);
    const page = await store.audit.query({ sessionId, limit: 12 });
    expect(page.records.map((record) => record.callId)).toEqual(
      [...written].reverse().map((record) => record.callId),
    );
  });

  it('stores arguments Postgres JSON would refuse (NUL, lone surrogates) with U+FFFD in their place', async () => {
    const record = auditRecord({ sessionId: 'nul', args: { text: 'a\u0000b\ud800' } });
    await store.audit.record(record);
    const [stored] = (await store.audit.query({ sessionId: 'nul' })).records;
    expect(stored?.args).toEqual({ text: 'a\ufffdb\ufffd' });
  });

  it('tells JSON null arguments from none', async () => {
    await store.audit.record(auditRecord({ sessionId: 'null-args', args: null }));
    await store.audit.record(auditRecord({ sessionId: 'null-args', args: undefined, second: 1 }));
    const { records } = await store.audit.query({ sessionId: 'null-args' });
    expect(records.map((record) => ('args' in record ? record.args : 'absent'))).toEqual([undefined, null]);
  });

  it('answers a bad audit query with a StoreError that says what to send', async () => {
    await expect(store.audit.query({ since: 'last week' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: /since must be an ISO 8601 time/,
    });
    await expect(store.audit.query({ cursor: 'abc' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: /pass nextCursor as it came/,
    });
    await expect(store.audit.query({ outcome: 'maybe' as 'ok' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('prunes expired idempotency keys and rate-limit windows only', async () => {
    await store.idempotency.begin({ key: 'prune-old', fingerprint: 'f', ttlMs: 0 });
    await store.idempotency.begin({ key: 'prune-live', fingerprint: 'f', ttlMs: 60_000 });
    await store.db.query(
      "INSERT INTO rate_limits (key, points, expires_at) VALUES ('prune-window', 1, now() - interval '1 second')",
    );
    const pruned = await store.prune();
    expect(pruned.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await store.idempotency.begin({ key: 'prune-live', fingerprint: 'f', ttlMs: 60_000 })).toEqual({
      state: 'running',
    });
  });

  it('refuses an audit mode it does not know', async () => {
    await expect(
      createPostgresStore({ dataDir: 'memory://', audit: { mode: 'lazy' } as never }),
    ).rejects.toMatchObject({ code: 'invalid_option' });
  });
});

describe('openDatabase', () => {
  it('uses a server for url or DATABASE_URL, and hides the password in its location', async () => {
    const byUrl = await openDatabase({ url: 'postgres://app:secret@db.example:5432/app' });
    expect([byUrl.kind, byUrl.location]).toEqual(['postgres', 'postgres://app:***@db.example:5432/app']);
    await byUrl.close();
    const byEnv = await openDatabase({ env: { DATABASE_URL: 'postgresql://u@localhost/x' } });
    expect(byEnv.kind).toBe('postgres');
    await byEnv.close();
  });

  it('uses a client it is given over a url', async () => {
    const client = await openDatabase({ client: store.db as never, url: 'postgres://ignored/x' });
    expect(client.kind).toBe('client');
    expect((await client.db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses a URL that is not postgres://', async () => {
    await expect(openDatabase({ url: 'mysql://root:pw@localhost/db' })).rejects.toMatchObject({
      code: 'invalid_option',
      message: /must start with postgres:\/\/.*mysql:\/\/root:\*\*\*@/,
    });
  });
});
