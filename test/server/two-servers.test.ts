// Horizontal scale: two real `affordance serve` processes on one real PostgreSQL server, behind a round-robin
// load balancer run by the test. Rate limits, idempotency keys, approvals and the audit log live in the database,
// so the two processes act as one server.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PostgresServer,
  postgresServerAvailable,
  startPostgresServer,
} from '../support/postgres-server.js';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.js';
import { startCli, waitForOutput } from './run-cli.js';

const available = postgresServerAvailable();
const SLOW = 180_000;
const MODULE = 'test/server/scale-actions.ts';

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
}

async function serve(databaseUrl: string, extra: readonly string[] = []): Promise<Served> {
  const child = startCli(['serve', '--port', '0', '--registry', MODULE, ...extra], {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const [, url] = await waitForOutput(child, /running at (http:\/\/127\.0\.0\.1:\d+\/)/);
  return { child, url: url!, exited };
}

async function post(base: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const outcome = (result: Record<string, unknown>) =>
  result.ok ? (result.replayed ? 'replayed' : 'ok') : (result.error as { code: string }).code;
const count = (list: readonly string[], value: string) => list.filter((item) => item === value).length;

describe.skipIf(!available)('two server processes on one PostgreSQL', () => {
  let postgres: PostgresServer;
  let client: pg.Client;
  let url: string;
  let servers: Served[] = [];
  let proxy: RoundRobinProxy;
  const folder = mkdtempSync(join(tmpdir(), 'affordance-scale-'));
  const executions = async (action: string) =>
    Number(
      (
        await client.query<{ count: string }>(
          'SELECT count(*)::text AS count FROM test_executions WHERE action = $1',
          [action],
        )
      ).rows[0]?.count,
    );

  beforeAll(async () => {
    postgres = await startPostgresServer();
    url = await postgres.createDatabase('scale');
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'CREATE TABLE test_executions (id bigserial PRIMARY KEY, action text NOT NULL, n integer, pid integer NOT NULL)',
    );
    servers = await Promise.all([serve(url), serve(url)]);
    proxy = await startRoundRobinProxy(servers.map((server) => server.url));
  }, SLOW);

  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) server.child.kill('SIGKILL');
    await client?.end();
    await postgres?.stop();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it(
    'shares one rate limit: exactly 10 of 30 calls pass across both servers',
    async () => {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, n) => post(proxy.url, 'api/actions/limited/run', { args: { n } })),
      );
      const outcomes = results.map(outcome);
      expect(proxy.counts).toEqual([15, 15]);
      expect(count(outcomes, 'ok')).toBe(10);
      expect(count(outcomes, 'rate_limited')).toBe(20);
      expect(await executions('limited')).toBe(10);
    },
    SLOW,
  );

  it(
    'runs an idempotency key sent to both servers at once exactly once',
    async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(proxy.url, 'api/actions/charge/run', { args: { n: 7 }, idempotencyKey: 'order-7' }),
        ),
      );
      const outcomes = results.map(outcome);
      expect(await executions('charge')).toBe(1);
      expect(count(outcomes, 'ok')).toBe(1);
      // The others saw the call still running (duplicate) or read its stored result (replayed).
      expect(count(outcomes, 'duplicate') + count(outcomes, 'replayed')).toBe(19);
    },
    SLOW,
  );

  it(
    'completes on server B a call that server A paused for approval',
    async () => {
      const [a, b] = servers as [Served, Served];
      const asked = await post(a.url, 'api/actions/wipe/run', {
        args: { n: 1 },
        sessionId: 'approve-across',
      });
      expect(asked).toMatchObject({ ok: false, error: { code: 'approval_required' } });
      const approvalId = (asked.error as { details: { approvalId: string } }).details.approvalId;
      const pending = (await (await fetch(new URL('api/approvals?status=pending', b.url))).json()) as {
        approvals: Array<{ id: string }>;
      };
      expect(pending.approvals.map((approval) => approval.id)).toEqual([approvalId]);
      expect(await executions('wipe')).toBe(0);
      const approved = await post(b.url, `api/approvals/${approvalId}`, { decision: 'approve' });
      expect(approved).toMatchObject({ ok: true, callId: asked.callId, value: { n: 1 } });
      expect(await executions('wipe')).toBe(1);
      const again = await fetch(new URL(`api/approvals/${approvalId}`, a.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'deny' }),
      });
      expect(again.status).toBe(409);
    },
    SLOW,
  );

  it(
    'shows the audit entries written by both servers from either one',
    async () => {
      const views = await Promise.all(
        servers.map(
          async (server) =>
            (await (await fetch(new URL('api/audit?action=limited&limit=100', server.url))).json()) as {
              records: Array<{ callId: string; outcome: string }>;
            },
        ),
      );
      const [fromA, fromB] = views as [(typeof views)[0], (typeof views)[0]];
      // 15 calls went to each server (the rate-limit test); both servers answer all 30.
      expect(fromA.records).toHaveLength(30);
      expect(fromB.records.map((record) => record.callId)).toEqual(
        fromA.records.map((record) => record.callId),
      );
      expect(
        count(
          fromA.records.map((record) => record.outcome),
          'ok',
        ),
      ).toBe(10);
      const sessions = (await (
        await fetch(new URL('api/audit?session=approve-across', servers[1]!.url))
      ).json()) as { records: Array<{ outcome: string; errorCode?: string }> };
      expect(sessions.records.map((record) => [record.outcome, record.errorCode])).toEqual([
        ['ok', undefined],
        ['error', 'approval_required'],
      ]);
    },
    SLOW,
  );

  it(
    'writes batched audit rows on SIGTERM before exiting',
    async () => {
      const config = join(folder, 'affordance.config.json');
      writeFileSync(
        config,
        JSON.stringify({ audit: { mode: 'batched', batchSize: 1000, flushIntervalMs: 3_600_000 } }),
      );
      const served = await serve(url, ['--config', config]);
      for (let n = 0; n < 5; n += 1)
        expect(
          await post(served.url, 'api/actions/charge/run', { args: { n }, sessionId: 'flush' }),
        ).toMatchObject({ ok: true });
      const rows = async () =>
        Number(
          (
            await client.query<{ count: string }>(
              "SELECT count(*)::text AS count FROM agent_actions WHERE session_id = 'flush'",
            )
          ).rows[0]?.count,
        );
      // Batched with an hour's interval: nothing is written while the server runs.
      expect(await rows()).toBe(0);
      const stopped = waitForOutput(served.child, /Stopped\./);
      served.child.kill('SIGTERM');
      await stopped;
      expect(await served.exited).toBe(0);
      expect(await rows()).toBe(5);
    },
    SLOW,
  );
  it(
    "streams on server A's /api/events the calls made through server B (LISTEN/NOTIFY)",
    async () => {
      const [a, b] = servers as [Served, Served];
      const controller = new AbortController();
      const response = await fetch(new URL('api/events', a.url), { signal: controller.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const seen: Array<{ type: string; callId?: string; name?: string }> = [];
      let buffer = '';
      const reading = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
            buffer = buffer.slice(end + 2);
            if (data) seen.push(JSON.parse(data));
          }
        }
      })().catch(() => {});
      // Wait for the stream to be open (its `ready`), then call through B and watch A.
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const result = await post(b.url, 'api/actions/charge/run', { args: { n: 99 } });
      const callId = result.callId as string;
      await expect
        .poll(() => seen.some((event) => event.type === 'call-end' && event.callId === callId), {
          timeout: 10_000,
        })
        .toBe(true);
      expect(seen.find((event) => event.type === 'call-start' && event.callId === callId)).toMatchObject({
        name: 'charge',
      });
      controller.abort();
      await reading;
    },
    SLOW,
  );
});
