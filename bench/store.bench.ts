/**
 * Audited calls per second through registry.run into PGlite and a PostgreSQL server, in sync and batched audit
 * mode, beside the in-memory store and beside a plain INSERT loop with the same driver (the floor): one INSERT per
 * call for sync, multi-row INSERTs of the same batch size for batched.
 * Run: node --import tsx bench/store.bench.ts [--quick]   (DATABASE_URL=postgres://… uses that server instead of
 * starting one from the Debian postgresql binaries.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore, createRegistry, defineAction, type Store } from '@affordance/core';
import { auditRecord } from '@affordance/core/testing';
import { auditInsertSql, auditParams } from '../packages/store-postgres/src/audit-rows.js';
import {
  type AuditDurability,
  createPostgresStore,
  type PostgresStore,
} from '../packages/store-postgres/src/index.js';
import {
  findPostgresBin,
  type PostgresServer,
  startPostgresServer,
} from '../test/support/postgres-server.js';

const quick = process.argv.includes('--quick');
const BATCH_SIZE = 200;
const counts = {
  memory: quick ? 5_000 : 20_000,
  sync: quick ? 400 : 1_000,
  batched: quick ? 2_000 : 6_000,
};

interface Row {
  readonly backend: string;
  readonly mode: string;
  readonly calls: number;
  readonly perSecond: number;
  readonly floor?: number;
  readonly aim?: number;
}

const action = defineAction({
  name: 'updateColor',
  scope: 'shape',
  description: "Change the shape's fill color",
  input: {
    type: 'object',
    properties: { color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
    required: ['color'],
    additionalProperties: false,
  },
  handler: async (input: { color: string }) => ({ color: input.color }),
});
const shape = { id: 'shape-1', type: 'shape', color: '#000000' };
const user = { id: 'bench-user' };

const ROUNDS = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function callerOf(store: Partial<Store>) {
  const registry = createRegistry({
    store,
    actions: [action],
    targets: { get: (_type, id) => (id === shape.id ? shape : undefined) },
  });
  return async () => {
    const result = await registry.run({
      name: 'shape_updateColor',
      args: { blockId: 'shape-1', color: '#ff0000' },
      user,
    });
    if (!result.ok) throw new Error(result.error.message);
  };
}

/** Calls per second of `count` sequential audited calls, the final flush included. */
async function timeCalls(
  call: () => Promise<void>,
  store: { flush?: () => Promise<void> },
  count: number,
): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < count; index++) await call();
  await store.flush?.();
  return count / ((performance.now() - started) / 1000);
}

/** Rows per second of a plain INSERT loop into agent_actions, `batch` rows per statement. */
async function timeInserts(store: PostgresStore, count: number, batch: number): Promise<number> {
  const params = auditParams(
    auditRecord({
      userId: user.id,
      target: { type: 'shape', id: 'shape-1' },
      args: { blockId: 'shape-1', color: '#ff0000' },
    }),
  );
  const sql = auditInsertSql(batch);
  const rows = Array.from({ length: batch }, () => params).flat();
  const statements = Math.ceil(count / batch);
  const started = performance.now();
  for (let index = 0; index < statements; index++) await store.db.query(sql, rows);
  return (statements * batch) / ((performance.now() - started) / 1000);
}

/**
 * The store and its floor, measured in alternating rounds (the disk's commit latency drifts on a busy machine),
 * each the median of its rounds.
 */
async function compare(
  store: PostgresStore,
  count: number,
  batch: number,
): Promise<{ perSecond: number; floor: number }> {
  const call = callerOf(store);
  const per = Math.ceil(count / ROUNDS);
  await timeCalls(call, store, Math.min(200, per));
  await timeInserts(store, Math.min(200, per), batch);
  const storeRates: number[] = [];
  const floorRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) floorRates.push(await timeInserts(store, per, batch));
    storeRates.push(await timeCalls(call, store, per));
    if (round % 2 === 1) floorRates.push(await timeInserts(store, per, batch));
  }
  return { perSecond: median(storeRates), floor: median(floorRates) };
}

async function measureBackend(
  backend: string,
  open: (mode: 'sync' | 'batched') => Promise<PostgresStore>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const mode of ['sync', 'batched'] as const) {
    const store = await open(mode);
    try {
      await store.db.query('TRUNCATE agent_actions');
      const calls = mode === 'sync' ? counts.sync : counts.batched;
      const measured = await compare(store, calls, mode === 'sync' ? 1 : BATCH_SIZE);
      rows.push({
        backend,
        mode: mode === 'sync' ? 'sync' : `batched (${BATCH_SIZE})`,
        calls,
        ...measured,
        aim: mode === 'sync' ? 1.5 : 2,
      });
    } finally {
      await store.close();
    }
  }
  return rows;
}

const audit = (mode: 'sync' | 'batched'): AuditDurability =>
  mode === 'sync' ? { mode } : { mode, batchSize: BATCH_SIZE, flushIntervalMs: 50 };
const memoryStore = createMemoryStore();
const memoryCall = callerOf(memoryStore);
await timeCalls(memoryCall, {}, 1_000);
const rows: Row[] = [
  {
    backend: 'in-memory',
    mode: '—',
    calls: counts.memory,
    perSecond: await timeCalls(memoryCall, {}, counts.memory),
  },
];

const folder = mkdtempSync(join(tmpdir(), 'affordance-bench-'));
try {
  rows.push(
    ...(await measureBackend('PGlite (folder)', (mode) =>
      createPostgresStore({ dataDir: join(folder, 'pglite'), audit: audit(mode) }),
    )),
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}

let server: PostgresServer | undefined;
if (!process.env.DATABASE_URL && findPostgresBin()) server = await startPostgresServer();
const url = process.env.DATABASE_URL || server?.url;
if (url) {
  try {
    rows.push(
      ...(await measureBackend('PostgreSQL server', (mode) =>
        createPostgresStore({ url, audit: audit(mode) }),
      )),
    );
  } finally {
    await server?.stop();
  }
} else {
  console.error('PostgreSQL server rows skipped: set DATABASE_URL or apt-get install postgresql');
}

const lines = [
  `### Audited calls through registry.run${quick ? ' (--quick)' : ''}`,
  '',
  '| backend | audit mode | calls | calls/s | per call | in-memory ÷ store | plain INSERT floor (rows/s) | floor ÷ store | aim |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
];
const memory = rows[0]!.perSecond;
for (const row of rows) {
  const ratio = row.floor ? row.floor / row.perSecond : undefined;
  lines.push(
    `| ${row.backend} | ${row.mode} | ${row.calls} | ${Math.round(row.perSecond).toLocaleString('en-US')} | ${(1e6 / row.perSecond).toFixed(1)} µs | ${(memory / row.perSecond).toFixed(2)}× | ${row.floor ? Math.round(row.floor).toLocaleString('en-US') : '—'} | ${ratio ? `${ratio.toFixed(2)}×` : '—'} | ${row.aim ? `≤ ${row.aim}× ${ratio !== undefined && ratio <= row.aim ? '✓' : '✗'}` : '—'} |`,
  );
}
console.log(lines.join('\n'));
