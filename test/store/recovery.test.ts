import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRegistry, type Registry, type RunResult } from '@affordance/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../packages/store-postgres/src/index.js';
import { startChild, stopChildren } from '../support/postgres-processes.js';
import {
  type PostgresServer,
  postgresServerAvailable,
  startPostgresServer,
} from '../support/postgres-server.js';
import { recoveryActions } from '../support/recovery-actions.js';

// Short leases, so a killed child's claims lapse soon; the parent waits for that by polling, never by timing.
const LEASE_MS = '400';
type Location = { url: string } | { dataDir: string };
const argOf = (location: Location) => ('url' in location ? location.url : location.dataDir);

async function openRegistry(location: Location): Promise<{ store: PostgresStore; registry: Registry }> {
  const store = await createPostgresStore(location);
  const registry = createRegistry({ store, actions: recoveryActions('finish'), approvalLeaseMs: 400 });
  return { store, registry };
}

/** Start a recovery child, wait until its action runs, kill it with SIGKILL, and answer the killed call's id. */
async function killMidRun(mode: 'hold' | 'approve', location: Location, id: string): Promise<string> {
  const child = startChild([mode, argOf(location), id, LEASE_MS]);
  const running = (lines: readonly string[]) => lines.find((line) => line.startsWith('running '));
  await child.waitFor((lines) => running(lines) !== undefined);
  child.process.kill('SIGKILL');
  expect((await child.exited).signal).toBe('SIGKILL');
  return running(child.lines)!.slice('running '.length);
}

async function heldKeyIsFreedAfterItsLease(location: Location, toolCallId: string) {
  // The killed call's own id is the pipeline's (the id it was sent with is only its tool-call id).
  const callId = await killMidRun('hold', location, toolCallId);
  expect(callId).not.toBe(toolCallId);
  const { store, registry } = await openRegistry(location);
  try {
    const call = { name: 'reserve', args: { n: 1 }, user: { id: 'guest' }, idempotencyKey: 'seat-7' };
    // Until the lease lapses the key says "still running"; then it is taken again, well before its 24 h ttl.
    let result: RunResult | undefined;
    await expect
      .poll(
        async () => {
          result = await registry.run(call);
          return result.ok;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    expect(result).toMatchObject({ ok: true, value: { pid: process.pid } });
    expect(result?.replayed).toBeUndefined();
    const { records } = await store.audit.query({ name: 'reserve' });
    const interrupted = records.find((record) => record.callId === callId);
    expect(interrupted).toMatchObject({ outcome: 'error', errorCode: 'aborted', userId: 'guest' });
    expect(interrupted?.errorMessage).toMatch(/^interrupted: .*'seat-7'.*stopped before it finished/);
    expect(await registry.run(call)).toMatchObject({ ok: true, replayed: true });
  } finally {
    await store.close();
  }
}

async function approvedRunIsInterruptedAndRetried(location: Location, everyRun: boolean) {
  const first = await openRegistry(location);
  const asked = await first.registry.run({ name: 'publish', args: { n: 3 }, user: { id: 'writer' } });
  if (asked.ok) throw new Error('publish should wait for approval');
  const id = String(asked.error.details?.approvalId);
  await first.store.close();

  await killMidRun('approve', location, id);

  const { store, registry } = await openRegistry(location);
  try {
    expect((await registry.approvals.get(id))?.status).toBe('running');
    // A restart resolves it: on a PGlite folder at once (this process holds the folder), on a server once the
    // killed run's lease has lapsed.
    if (everyRun) await registry.approvals.recover({ everyRun: true });
    await expect
      .poll(async () => (await registry.approvals.list({ status: 'interrupted' })).map((a) => a.id), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual([id]);
    const { records } = await store.audit.query({ name: 'publish' });
    expect(records.find((record) => record.errorCode === 'aborted')).toMatchObject({
      callId: asked.callId,
      errorMessage: expect.stringMatching(/^interrupted: /),
    });
    await expect(registry.approvals.approve(id, { by: 'ops' })).rejects.toThrowError(
      /is interrupted .*not pending/,
    );
    const retried = await registry.approvals.retry(id, { by: 'ops', reason: 'the worker was killed' });
    expect(retried).toMatchObject({ ok: true, callId: asked.callId, value: { n: 3, pid: process.pid } });
    const done = await registry.approvals.get(id);
    expect(done?.history?.map((step) => step.status)).toEqual([
      'pending',
      'approved',
      'running',
      'interrupted',
      'approved',
      'running',
      'done',
    ]);
  } finally {
    await store.close();
  }
}

describe('recovery after a process is killed mid-call', () => {
  const available = postgresServerAvailable();
  let server: PostgresServer | undefined;
  const folder = mkdtempSync(join(tmpdir(), 'affordance-recovery-'));
  beforeAll(async () => {
    if (available) server = await startPostgresServer();
  }, 120_000);
  afterAll(async () => {
    stopChildren();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('frees an idempotency key held by a killed process once its lease lapses, in a PGlite folder', async () => {
    await heldKeyIsFreedAfterItsLease({ dataDir: join(folder, 'key') }, 'call_killed_pglite');
  }, 180_000);

  it('marks an approved run of a killed process interrupted on restart and retries it, in a PGlite folder', async () => {
    await approvedRunIsInterruptedAndRetried({ dataDir: join(folder, 'approval') }, true);
  }, 180_000);

  it.skipIf(!available)(
    'frees an idempotency key held by a killed process once its lease lapses, on a PostgreSQL server',
    async () => {
      const url = await server!.createDatabase('recovery_key');
      await heldKeyIsFreedAfterItsLease({ url }, 'call_killed_server');
    },
    180_000,
  );

  it.skipIf(!available)(
    'marks an approved run of a killed process interrupted once its lease lapses and retries it, on a PostgreSQL server',
    async () => {
      const url = await server!.createDatabase('recovery_approval');
      await approvedRunIsInterruptedAndRetried({ url }, false);
    },
    180_000,
  );
});
