/**
 * MCP server throughput: `tools/call` round trips per second through serveMCP over Streamable HTTP and stdio, beside
 * a bare server written directly on the same SDK with the same tool (the floor), and `tools/list` with 10,000
 * actions. Servers run in child processes from one esbuild bundle of test/support/mcp-bench-server.ts (built JS, as
 * users run it: both servers pay the same loader costs, none of tsx's); the client is the official SDK client.
 * Run: node --import tsx bench/mcp.bench.ts [--quick]
 * MCP_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" adds node flags to the server processes (profiling).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { build } from 'esbuild';

const quick = process.argv.includes('--quick');
const CALLS = quick ? 200 : 500;
const ROUNDS = quick ? 5 : 21;
// Calls each server answers before the measured rounds: enough for the optimising compiler to be done with both.
const WARMUP = quick ? 400 : 4_000;
const CLOCK_TICK_MS = 10;
const LIST_SIZE = 10_000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Two folders deep like test/support, so the bundle finds test/fixtures the same way the source does.
const bundle = path.join(repoRoot, 'node_modules/.mcp-bench/mcp-bench-server.mjs');
await build({
  entryPoints: [path.join(repoRoot, 'test/support/mcp-bench-server.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@affordance/source'],
  // Some bundled CommonJS dependencies call require().
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
const nodeArgs = (process.env.MCP_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const serverArgs = [...nodeArgs, bundle];

type Kind = 'ours' | 'bare';
interface Connected {
  readonly client: Client;
  /** The server process, for its CPU time. */
  readonly pid: number;
  close(): Promise<void>;
}

interface Started {
  readonly url: string;
  readonly pid: number;
  stop(): void;
}

async function startHttp(kind: Kind, extra = 0, user = false): Promise<Started> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverArgs, 'http', kind, String(extra), user ? 'user' : ''],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop() {
      child.stdin!.end();
      child.kill();
    },
  };
}

async function overHttp(kind: Kind): Promise<Connected> {
  const server = await startHttp(kind);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return {
    client,
    pid: server.pid,
    async close() {
      await client.close();
      server.stop();
    },
  };
}

async function overStdio(kind: Kind): Promise<Connected> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...serverArgs, 'stdio', kind],
    cwd: repoRoot,
  });
  await client.connect(transport);
  return { client, pid: transport.pid!, close: () => client.close() };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

/** Sequential `tools/call` round trips per second. */
async function callsPerSecond(client: Client, calls: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const result = await client.callTool({ name: 'echo', arguments: { text: `call ${i}` } });
    if (result.isError) throw new Error(`echo failed: ${JSON.stringify(result)}`);
  }
  return calls / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Comparison {
  /** Median round trips per second of each server. */
  readonly bare: number;
  readonly ours: number;
  /** Median of the per-round ratios ours / bare (rounds run back to back, so load changes cancel out). */
  readonly ratio: number;
  /** Server CPU time per call, in µs. */
  readonly bareCpuUs: number;
  readonly oursCpuUs: number;
}

/** Ours and bare, warmed up, measured in alternating rounds. */
async function compare(connect: (kind: Kind) => Promise<Connected>): Promise<Comparison> {
  const servers = { bare: await connect('bare'), ours: await connect('ours') };
  try {
    await callsPerSecond(servers.bare.client, WARMUP);
    await callsPerSecond(servers.ours.client, WARMUP);
    const rates = { bare: [] as number[], ours: [] as number[] };
    const cpu = { bare: 0, ours: 0 };
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order: Kind[] = round % 2 === 0 ? ['bare', 'ours'] : ['ours', 'bare'];
      for (const kind of order) {
        const before = cpuMs(servers[kind].pid);
        rates[kind].push(await callsPerSecond(servers[kind].client, CALLS));
        cpu[kind] += cpuMs(servers[kind].pid) - before;
      }
      ratios.push(rates.ours.at(-1)! / rates.bare.at(-1)!);
    }
    const calls = CALLS * ROUNDS;
    return {
      bare: median(rates.bare),
      ours: median(rates.ours),
      ratio: median(ratios),
      bareCpuUs: (cpu.bare / calls) * 1000,
      oursCpuUs: (cpu.ours / calls) * 1000,
    };
  } finally {
    await servers.bare.close();
    await servers.ours.close();
  }
}

/**
 * `tools/list` timed with plain HTTP requests (until the whole answer is read and parsed): the SDK client would
 * also compile every tool's output schema, which is its cost, not the server's.
 */
async function listTiming(
  server: Started,
): Promise<{ first: number; repeated: number; tools: number; bytes: number }> {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (body: object, extra: Record<string, string> = {}) =>
    fetch(server.url, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  try {
    const init = await post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
      },
    });
    const session = {
      'mcp-session-id': init.headers.get('mcp-session-id')!,
      'mcp-protocol-version': '2025-06-18',
    };
    await init.text();
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    const list = async (id: number) => {
      const started = performance.now();
      const text = await (await post({ jsonrpc: '2.0', id, method: 'tools/list' }, session)).text();
      const data = text.split('\n').find((line) => line.startsWith('data: {'))!;
      const tools = (JSON.parse(data.slice(6)) as { result: { tools: unknown[] } }).result.tools;
      return { ms: performance.now() - started, tools: tools.length, bytes: data.length - 6 };
    };
    const first = await list(1);
    const times: number[] = [];
    for (let i = 0; i < (quick ? 3 : 7); i++) times.push((await list(2 + i)).ms);
    return { first: first.ms, repeated: median(times), tools: first.tools, bytes: first.bytes };
  } finally {
    server.stop();
  }
}

const rate = (perSecond: number) =>
  `${Math.round(perSecond).toLocaleString('en')} /s (${(1000 / perSecond).toFixed(3)} ms)`;

// `--only=stdio|http|list` runs one part (profiling, quick checks).
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);
const runs = (part: string) => only === undefined || only === part;
const http = runs('http') ? await compare((kind) => overHttp(kind)) : undefined;
const stdio = runs('stdio') ? await compare(overStdio) : undefined;
const lists = !runs('list')
  ? []
  : [
      { name: 'bare SDK server', ...(await listTiming(await startHttp('bare', LIST_SIZE))) },
      {
        name: 'serveMCP, anonymous (registry cache)',
        ...(await listTiming(await startHttp('ours', LIST_SIZE))),
      },
      {
        name: 'serveMCP, a user with roles (computed per list)',
        ...(await listTiming(await startHttp('ours', LIST_SIZE, true))),
      },
    ];

if (http || stdio) {
  console.log(
    `### MCP tools/call round trips (sequential; ${ROUNDS} alternating rounds of ${CALLS} calls, medians)\n`,
  );
  console.log(
    '| transport | bare SDK server (floor) | serveMCP | serveMCP / floor | server CPU per call, bare → serveMCP |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, result] of [
    ['Streamable HTTP (SSE answers)', http],
    ['stdio', stdio],
  ] as const) {
    if (!result) continue;
    console.log(
      `| ${name} | ${rate(result.bare)} | ${rate(result.ours)} | ${result.ratio.toFixed(2)} | ${result.bareCpuUs.toFixed(0)} µs → ${result.oursCpuUs.toFixed(0)} µs |`,
    );
  }
}
if (lists.length > 0) {
  console.log(
    `\n### MCP tools/list with ${LIST_SIZE.toLocaleString('en')} extra tools (Streamable HTTP, plain requests)\n`,
  );
  console.log('| server | tools | first list | repeated list (median) | JSON size |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of lists) {
    console.log(
      `| ${row.name} | ${row.tools.toLocaleString('en')} | ${row.first.toFixed(1)} ms | ${row.repeated.toFixed(1)} ms | ${(row.bytes / 1e6).toFixed(2)} MB |`,
    );
  }
}
const ratios = [http, stdio].flatMap((result) => (result ? [result.ratio] : []));
if (ratios.length > 0) {
  console.log(
    `\nAim: serveMCP at least 0.85 of the bare server's throughput → ${Math.min(...ratios).toFixed(2)} (lowest of the transports run)`,
  );
}
