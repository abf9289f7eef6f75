/**
 * Requests per second and latency of `POST /api/actions/:name/run` on the real Node server (@hono/node-server),
 * beside a bare Hono route doing the same zod parse and handler (the floor). Each server runs in its own process
 * (bench/server-target.ts) and autocannon loads it from this one; cases alternate within each round, each case's
 * share of the floor is taken against the floor of the same round, and the median over rounds is reported.
 * Run: node --import tsx bench/server.bench.ts [--quick] [--cases=floor,memory]
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMemoryStore, createRegistry } from '@affordance/core';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { createServer } from '../packages/server/src/index.js';
import { addAction, addInput, startTarget } from './server-bench-parts.js';

const quick = process.argv.includes('--quick');
const WARMUP = quick ? 1 : 2;
const DURATION = quick ? 2 : 3;
const ROUNDS = quick ? 1 : 5;
const CONNECTIONS = 10;
const ALL_CASES = ['floor', 'memory', 'pglite-batched', 'pglite-sync'] as const;
type Case = (typeof ALL_CASES)[number];
const picked = process.argv
  .find((arg) => arg.startsWith('--cases='))
  ?.slice('--cases='.length)
  .split(',');
for (const name of picked ?? []) {
  if (!(ALL_CASES as readonly string[]).includes(name))
    throw new Error(`unknown case '${name}': use ${ALL_CASES.join(', ')}`);
}
// The floor always runs: every other case is measured against it.
const CASES = ALL_CASES.filter((kind) => kind === 'floor' || !picked || picked.includes(kind));
const TARGET = fileURLToPath(new URL('./server-target.ts', import.meta.url));

interface Sample {
  /** Server CPU time per request (user + system, µs): what the server spends, whatever else runs. */
  readonly cpuMicros: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

function start(kind: Case): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  return startTarget({ target: TARGET, args: [kind] });
}

async function load(port: number, duration: number): Promise<Omit<Sample, 'cpuMicros'>> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/actions/add/run`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ args: { a: 2, b: 3 } }),
    connections: CONNECTIONS,
    duration,
  });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measure(kind: Case): Promise<Sample> {
  const { child, port, output } = await start(kind);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    // Warm up the JIT and the database, then count the server's CPU time over the measured run only.
    await load(port, WARMUP);
    child.kill('SIGUSR2');
    const sample = await load(port, DURATION);
    child.kill('SIGTERM');
    await exited;
    const cpu = /cpu ([\d.]+) (\d+)/.exec(output());
    if (!cpu) throw new Error(`${kind} did not report its CPU time`);
    return { ...sample, cpuMicros: Number(cpu[1]) };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const samples = new Map<Case, Sample[]>(CASES.map((kind) => [kind, []]));
// PGlite's cases, far from the floor and slower to start, get at most three rounds.
const roundsOf = (kind: Case) => (kind.startsWith('pglite') ? Math.min(ROUNDS, 3) : ROUNDS);
for (let round = 0; round < ROUNDS; round += 1)
  for (const kind of CASES) if (round < roundsOf(kind)) samples.get(kind)!.push(await measure(kind));

// Shares of the floor pair each round with the floor measured beside it, so a busier machine in one round does
// not count against one case only.
const summary = (kind: Case) => {
  const list = samples.get(kind)!;
  const floors = samples.get('floor')!;
  return {
    perSecond: median(list.map((sample) => sample.perSecond)),
    p50: median(list.map((sample) => sample.p50)),
    p99: median(list.map((sample) => sample.p99)),
    cpuMicros: median(list.map((sample) => sample.cpuMicros)),
    errors: list.reduce((total, sample) => total + sample.errors, 0),
    ofFloor: median(list.map((sample, round) => sample.perSecond / floors[round]!.perSecond)),
    ofFloorCpu: median(list.map((sample, round) => floors[round]!.cpuMicros / sample.cpuMicros)),
  };
};
const LABELS: Record<Case, string> = {
  floor: 'bare Hono route: zod parse + handler (floor)',
  memory: 'Affordance server, in-memory store',
  'pglite-batched': 'Affordance server, PGlite, batched audit',
  'pglite-sync': 'Affordance server, PGlite, sync audit',
};
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
console.log(
  `POST /api/actions/add/run, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case, median of ${ROUNDS} round(s) (PGlite: ${roundsOf('pglite-sync')})\n`,
);
console.log(
  '| server | requests/s | p50 ms | p99 ms | errors | of floor (req/s) | server CPU µs/request | of floor (CPU) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const kind of CASES) {
  const row = summary(kind);
  console.log(
    `| ${LABELS[kind]} | ${Math.round(row.perSecond)} | ${row.p50} | ${row.p99} | ${row.errors} | ${percent(row.ofFloor)} | ${row.cpuMicros.toFixed(0)} | ${percent(row.ofFloorCpu)} |`,
  );
}

// In-process, without sockets: CPU per `app.request` (Request construction included), sequential, so the figure
// does not depend on what else the machine runs.

const bareApp = new Hono();
bareApp.post('/api/actions/add/run', async (context) => {
  const body = (await context.req.json()) as { args?: unknown };
  const parsed = addInput.safeParse(body.args);
  if (!parsed.success) return context.json({ ok: false, error: parsed.error.issues }, 200);
  return context.json({ ok: true, value: { sum: parsed.data.a + parsed.data.b } });
});
const serverApp = createServer({
  registry: createRegistry({ store: createMemoryStore(), actions: [addAction] }),
  mcp: false,
  consoleDir: false,
}).app;
const REQUEST_BODY = JSON.stringify({ args: { a: 2, b: 3 } });
async function cpuPerRequest(app: {
  request: (path: string, init: RequestInit) => Response | Promise<Response>;
}): Promise<number> {
  const send = async () => {
    const response = await app.request('/api/actions/add/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(REQUEST_BODY.length) },
      body: REQUEST_BODY,
    });
    return response.text();
  };
  const count = quick ? 3_000 : 10_000;
  for (let i = 0; i < 2_000; i += 1) await send();
  const started = process.cpuUsage();
  for (let i = 0; i < count; i += 1) await send();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}
const inProcess = { floor: [] as number[], server: [] as number[] };
for (let round = 0; round < 3; round += 1) {
  inProcess.floor.push(await cpuPerRequest(bareApp));
  inProcess.server.push(await cpuPerRequest(serverApp));
}
const floorCpu = median(inProcess.floor);
const serverCpu = median(inProcess.server);
console.log('\nIn process (`app.request`, no sockets), CPU µs per request, median of 3 rounds\n');
console.log('| app | CPU µs/request | of floor |');
console.log('| --- | ---: | ---: |');
console.log(`| bare Hono route: zod parse + handler (floor) | ${floorCpu.toFixed(1)} | 100% |`);
console.log(
  `| createServer, in-memory store | ${serverCpu.toFixed(1)} | ${((floorCpu / serverCpu) * 100).toFixed(0)}% |`,
);
