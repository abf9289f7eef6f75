import type { AuditRecord } from '@affordance/core/ports';
import { auditRecord } from '@affordance/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_COLUMNS } from './audit-rows.js';
import { createPostgresAuditLog } from './postgres-audit-log.js';
import type { SqlClient } from './sql-client.js';

/** A client that keeps the rows of every audit INSERT, and refuses them while `down` is set. */
function fakeDatabase() {
  const state = { down: false, inserts: [] as number[], rows: [] as string[] };
  const db: SqlClient = {
    async query<TRow>(text: string, params: unknown[] = []) {
      if (text.startsWith('INSERT INTO agent_actions')) {
        if (state.down) throw new Error('connection refused');
        const width = AUDIT_COLUMNS.length;
        state.inserts.push(params.length / width);
        for (let index = 0; index < params.length; index += width) state.rows.push(params[index] as string);
        return { rows: [] as TRow[] };
      }
      return { rows: [] as TRow[] };
    },
  };
  return { db, state };
}

const records = (count: number): AuditRecord[] =>
  Array.from({ length: count }, (_, second) => auditRecord({ second }));

afterEach(() => {
  vi.useRealTimers();
});

describe('the batched audit log', () => {
  it('queues rows and writes full batches as multi-row INSERTs, in order', async () => {
    const { db, state } = fakeDatabase();
    const log = createPostgresAuditLog(db, {
      durability: { mode: 'batched', batchSize: 3, flushIntervalMs: 60_000 },
    });
    const written = records(7);
    for (const record of written) expect(log.record(record)).toBeUndefined();
    await log.flush();
    expect(state.inserts).toEqual([3, 3, 1]);
    expect(state.rows).toEqual(written.map((record) => record.callId));
    expect(log.pending).toBe(0);
    await log.close();
  });

  it('writes a partial batch after flushIntervalMs', async () => {
    vi.useFakeTimers();
    const { db, state } = fakeDatabase();
    const log = createPostgresAuditLog(db, {
      durability: { mode: 'batched', batchSize: 100, flushIntervalMs: 250 },
    });
    log.record(auditRecord());
    log.record(auditRecord());
    await vi.advanceTimersByTimeAsync(249);
    expect(state.inserts).toEqual([]);
    expect(log.pending).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.inserts).toEqual([2]);
    await log.close();
  });

  it('keeps rows the database refused and writes them once it is back, reporting the failure', async () => {
    vi.useFakeTimers();
    const { db, state } = fakeDatabase();
    const errors: unknown[] = [];
    const log = createPostgresAuditLog(db, {
      durability: { mode: 'batched', batchSize: 10, flushIntervalMs: 100 },
      onError: (error) => errors.push(error),
    });
    state.down = true;
    const written = records(3);
    for (const record of written) log.record(record);
    await expect(log.flush()).rejects.toThrow('connection refused');
    expect(log.pending).toBe(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(errors).toHaveLength(1);
    state.down = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(state.rows).toEqual(written.map((record) => record.callId));
    expect(log.pending).toBe(0);
    await log.close();
  });

  it('drops the oldest rows past maxQueued and counts them', async () => {
    const { db, state } = fakeDatabase();
    const log = createPostgresAuditLog(db, {
      durability: { mode: 'batched', batchSize: 10, flushIntervalMs: 60_000, maxQueued: 4 },
      onError: () => {},
    });
    state.down = true;
    const written = records(6);
    for (const record of written) log.record(record);
    expect(log.dropped).toBe(2);
    state.down = false;
    await log.close();
    expect(state.rows).toEqual(written.slice(2).map((record) => record.callId));
  });

  it('flushes on close and refuses records after it', async () => {
    const { db, state } = fakeDatabase();
    const log = createPostgresAuditLog(db, {
      durability: { mode: 'batched', batchSize: 50, flushIntervalMs: 60_000 },
    });
    log.record(auditRecord());
    await log.close();
    expect(state.inserts).toEqual([1]);
    expect(() => log.record(auditRecord())).toThrow(/closed/);
  });

  it('refuses a batch size or interval that is not a positive whole number', () => {
    const { db } = fakeDatabase();
    expect(() => createPostgresAuditLog(db, { durability: { mode: 'batched', batchSize: 0 } })).toThrow(
      /batchSize must be a whole number from 1 to 1000/,
    );
    expect(() =>
      createPostgresAuditLog(db, { durability: { mode: 'batched', flushIntervalMs: 1.5 } }),
    ).toThrow(/flushIntervalMs/);
  });
});

describe('the sync audit log', () => {
  it('resolves record only after its INSERT has answered, and passes its failure on', async () => {
    const { db, state } = fakeDatabase();
    const log = createPostgresAuditLog(db);
    const record = auditRecord();
    await log.record(record);
    expect(state.rows).toEqual([record.callId]);
    state.down = true;
    await expect(log.record(auditRecord())).rejects.toThrow('connection refused');
  });
});
