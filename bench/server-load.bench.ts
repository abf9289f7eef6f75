/**
 * Resource limits under load: 64 connections on `POST /api/actions/add/run` for 60 s (one user), beside 20 event
 * streams whose readers never read (two auditors, who see every call) and 200 open MCP sessions (two users), and the
 * same run without them. Reports requests/s, p99 and the server's RSS at the start, at the end and 30 s later, and
 * what the limits did (streams dropped, sessions refused). The server runs in its own process
 * (bench/server-load-target.ts); autocannon loads it from this one.
 * Run: node --import tsx bench/server-load.bench.ts [--quick]   (or: npm run bench -- server-load)
 */
import type { ChildProcess } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startTarget } from './server-bench-parts.js';

const quick = process.argv.includes('--quick');
const WARMUP = quick ? 2 : 5;
const DURATION = quick ? 10 : 60;
const SETTLE = quick ? 5 : 30;
const CONNECTIONS = 64;
const STALLED = 20;
const SESSIONS = 200;
const TARGET = fileURLToPath(new URL('./server-load-target.ts', import.meta.url));

interface Stats {
  readonly rss: number;
  readonly heapUsed: number;
  readonly streams: number;
  readonly dropped: number;
  readonly queued: number;
  readonly sessions: number;
}

interface Row {
  readonly label: string;
  readonly perSecond: number;
  readonly p99: number;
  readonly errors: number;
  readonly start: Stats;
  readonly end: Stats;
  readonly later: Stats;
  /** After `later`, following a full collection. */
  readonly collected: Stats;
  readonly stalledOpened: number;
  readonly sessionsOpened: number;
  readonly sessionsRefused: number;
}

async function start(): Promise<{
  child: ChildProcess;
  port: number;
  stats: (afterGc?: boolean) => Promise<Stats>;
}> {
  const { child, port } = await startTarget({ target: TARGET, nodeFlags: ['--expose-gc'], ipc: true });
  const stats = (afterGc = false) =>
    new Promise<Stats>((resolve) => {
      child.once('message', (message) => resolve(message as Stats));
      child.send(afterGc ? 'stats-after-gc' : 'stats');
    });
  return { child, port, stats };
}

const load = (port: number, duration: number) =>
  autocannon({
    url: `http://127.0.0.1:${port}/api/actions/add/run`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer key-load' },
    body: JSON.stringify({ args: { a: 2, b: 3 } }),
    connections: CONNECTIONS,
    duration,
  });

/** Open an event stream, read its headers, then never read again. */
const stall = (port: number, key: string) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { accept: 'text/event-stream', authorization: `Bearer ${key}` },
        agent: false,
      },
      (answer) => {
        // The server cuts a dropped reader's connection after a grace period.
        answer.on('error', () => {});
        answer.pause();
        resolve(answer);
      },
    );
    request.on('error', reject);
  });

async function openSession(port: number, key: string): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
      },
    }),
  });
  await response.text();
  return response.status === 200;
}

async function measure(withStalled: boolean): Promise<Row> {
  const { child, port, stats } = await start();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stalled: IncomingMessage[] = [];
  try {
    await load(port, WARMUP);
    await sleep(1000);
    const startStats = await stats(true);
    let sessionsOpened = 0;
    let sessionsRefused = 0;
    if (withStalled) {
      for (let i = 0; i < STALLED; i += 1) stalled.push(await stall(port, `key-watch-${(i % 2) + 1}`));
      for (let i = 0; i < SESSIONS; i += 1) {
        if (await openSession(port, `key-mcp-${(i % 2) + 1}`)) sessionsOpened += 1;
        else sessionsRefused += 1;
      }
    }
    const result = await load(port, DURATION);
    const end = await stats();
    await sleep(SETTLE * 1000);
    const later = await stats();
    const collected = await stats(true);
    return {
      label: withStalled
        ? `with ${STALLED} stalled event streams and ${SESSIONS} MCP sessions`
        : 'alone (no stalled readers, no MCP sessions)',
      perSecond: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      start: startStats,
      end,
      later,
      collected,
      stalledOpened: stalled.length,
      sessionsOpened,
      sessionsRefused,
    };
  } finally {
    for (const answer of stalled) answer.destroy();
    child.kill('SIGTERM');
    await exited;
  }
}

const alone = await measure(false);
const loaded = await measure(true);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)}`;
const percent = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(0)}%`;
console.log(
  `POST /api/actions/add/run, ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s measured, RSS again ${SETTLE} s after the load\n`,
);
console.log(
  `| run | requests/s | p99 ms | errors | RSS start MB | RSS end MB | RSS +${SETTLE} s MB | +${SETTLE} s vs start | heap MB start / +${SETTLE} s (after GC) | streams open / dropped at end | MCP sessions open (refused) |`,
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of [alone, loaded]) {
  console.log(
    `| ${row.label} | ${Math.round(row.perSecond)} | ${row.p99} | ${row.errors} | ${mb(row.start.rss)} | ${mb(row.end.rss)} | ${mb(row.later.rss)} | ${percent(row.later.rss / row.start.rss - 1)} | ${mb(row.start.heapUsed)} / ${mb(row.collected.heapUsed)} | ${row.end.streams} / ${row.end.dropped} | ${row.end.sessions} (${row.sessionsRefused}) |`,
  );
}
console.log(
  `\np99 with stalled readers: ${(loaded.p99 / alone.p99).toFixed(2)}× the run alone (aim ≤ 2×); requests/s ${percent(loaded.perSecond / alone.perSecond - 1)}; RSS ${SETTLE} s after the load ${percent(loaded.later.rss / loaded.start.rss - 1)} of its start (aim within 10 %).`,
);
