/**
 * One HTTP server for bench/server.bench.ts, started in its own process: `floor` (a bare Hono route doing the
 * zod parse and the handler), `memory` (the Affordance server over the in-memory store), `pglite-sync` and
 * `pglite-batched` (over PGlite in a temporary folder). Prints `listening <port>` once it answers; SIGUSR2 starts
 * counting (after the warm-up), and SIGTERM prints `cpu <µs per request> <requests>` before it exits.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore, createRegistry, defineAction, type Store } from '@affordance/core';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { z } from 'zod';
import { createServer } from '../packages/server/src/index.js';
import { createPostgresStore } from '../packages/store-postgres/src/index.js';

const input = z.object({ a: z.number(), b: z.number() });
const handler = (args: z.infer<typeof input>) => ({ sum: args.a + args.b });

const kind = process.argv[2];
let fetchHandler: (request: Request, env?: object) => Response | Promise<Response>;
let close = async () => {};

if (kind === 'floor') {
  const app = new Hono();
  app.post('/api/actions/add/run', async (context) => {
    const body = (await context.req.json()) as { args?: unknown };
    const parsed = input.safeParse(body.args);
    if (!parsed.success) return context.json({ ok: false, error: parsed.error.issues }, 200);
    return context.json({ ok: true, value: handler(parsed.data) });
  });
  fetchHandler = app.fetch;
} else if (kind === 'memory' || kind === 'pglite-sync' || kind === 'pglite-batched') {
  let store: Store;
  if (kind === 'memory') store = createMemoryStore();
  else {
    const folder = mkdtempSync(join(tmpdir(), 'affordance-bench-server-'));
    const pglite = await createPostgresStore({
      dataDir: folder,
      audit: kind === 'pglite-batched' ? { mode: 'batched' } : { mode: 'sync' },
    });
    store = pglite;
    close = async () => {
      await pglite.close();
      rmSync(folder, { recursive: true, force: true });
    };
  }
  const registry = createRegistry({
    store,
    actions: [defineAction({ name: 'add', description: 'Add two numbers', input, handler })],
  });
  fetchHandler = createServer({ registry, mcp: false, consoleDir: false }).app.fetch;
} else {
  throw new Error('usage: server-target.ts floor|memory|pglite-sync|pglite-batched');
}

let requests = 0;
let cpuStart = process.cpuUsage();
const server = serve(
  {
    fetch: (request: Request, env?: object) => {
      requests += 1;
      return fetchHandler(request, env);
    },
    port: 0,
    hostname: '127.0.0.1',
  },
  (info) => {
    process.stdout.write(`listening ${info.port}\n`);
  },
);
// AFFORDANCE_BENCH_PROFILE=<file>: a V8 CPU profile of the measured run only (SIGUSR2 to SIGTERM).
const profileFile = process.env.AFFORDANCE_BENCH_PROFILE;
const profiler = profileFile ? new Session() : undefined;
profiler?.connect();
const post = (method: string) =>
  new Promise<unknown>((resolve, reject) =>
    profiler!.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  );
process.on('SIGUSR2', () => {
  requests = 0;
  cpuStart = process.cpuUsage();
  if (profiler) void post('Profiler.enable').then(() => post('Profiler.start'));
});
process.once('SIGTERM', async () => {
  const used = process.cpuUsage(cpuStart);
  if (profiler && profileFile) {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(profileFile, JSON.stringify(profile));
  }
  process.stdout.write(`cpu ${((used.user + used.system) / Math.max(1, requests)).toFixed(1)} ${requests}\n`);
  server.close();
  void close().then(() => process.exit(0));
});
