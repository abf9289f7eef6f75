import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { type RuntimeName, workerdDate } from '../../../scripts/runtimes/runtimes.mjs';
import type { ContractReport } from '../portable/run-contracts.js';
import type { PortableBundle } from './bundle-portable.js';

const START_TIMEOUT_MS = 30_000;

/** A runtime serving the fixture registry's MCP endpoint. */
export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** What a test needs to drive one runtime: its name, its binary and the bundled entries. */
export interface RuntimeTarget {
  readonly name: RuntimeName;
  readonly binary: string;
  readonly bundle: PortableBundle;
}

/** Run the store contract suite inside the runtime and answer its report. */
export async function runContractsIn(target: RuntimeTarget, testTimeoutMs = 20_000): Promise<ContractReport> {
  if (target.name === 'workerd') {
    const worker = await startWorkerd(target);
    try {
      const response = await fetch(new URL(`/contracts?timeoutMs=${testTimeoutMs}`, worker.url));
      if (!response.ok) throw new Error(`workerd answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as ContractReport;
    } finally {
      await worker.stop();
    }
  }
  const child = spawnCli(target, 'contracts');
  const [stdout, stderr, code] = await Promise.all([
    text(child.stdout!),
    text(child.stderr!),
    new Promise<number | null>((resolve) => child.once('close', resolve)),
  ]);
  const last = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) {
    throw new Error(`${target.name} exited with ${code}: ${stderr.trim() || stdout.trim()}`);
  }
  return JSON.parse(last) as ContractReport;
}

/** Start the fixture MCP server inside the runtime on 127.0.0.1; its Streamable HTTP URL and a stop. */
export async function startMcpIn(target: RuntimeTarget): Promise<RunningServer> {
  if (target.name === 'workerd') {
    const worker = await startWorkerd(target);
    return { url: new URL('/mcp', worker.url).href, stop: worker.stop };
  }
  const child = spawnCli(target, 'mcp');
  const stderr = text(child.stderr!);
  const line = await lineWhere(child, child.stdout!, stderr);
  const { url } = JSON.parse(line) as { url: string };
  return { url, stop: () => stop(child) };
}

function spawnCli(target: RuntimeTarget, mode: 'contracts' | 'mcp'): ChildProcess {
  // Deno grants nothing by default: the contract suite needs no permission, the server only 127.0.0.1.
  const permissions = mode === 'mcp' ? ['--allow-net=127.0.0.1'] : [];
  const args =
    target.name === 'deno'
      ? ['run', '--no-prompt', ...permissions, target.bundle.cli, mode]
      : [target.bundle.cli, mode];
  return spawn(target.binary, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
}

/**
 * Serve the bundled worker with workerd from a generated config: one socket on 127.0.0.1, a free port that workerd
 * reports on its control descriptor. No `nodejs_compat`: the worker gets web-standard APIs only.
 */
async function startWorkerd(target: RuntimeTarget): Promise<RunningServer> {
  const config = join(target.bundle.dir, 'workerd.capnp');
  writeFileSync(
    config,
    [
      'using Workerd = import "/workerd/workerd.capnp";',
      'const config :Workerd.Config = (',
      '  services = [(name = "main", worker = .worker)],',
      '  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],',
      ');',
      'const worker :Workerd.Worker = (',
      '  modules = [(name = "worker.mjs", esModule = embed "worker.mjs")],',
      `  compatibilityDate = "${workerdDate()}",`,
      ');',
      '',
    ].join('\n'),
  );
  const child = spawn(target.binary, ['serve', config, '--control-fd=3'], {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  const stderr = text(child.stderr!);
  const listening = (line: string) => (JSON.parse(line) as { event?: string }).event === 'listen';
  const line = await lineWhere(child, child.stdio[3] as Readable, stderr, listening);
  const { port } = JSON.parse(line) as { port: number };
  // SIGTERM makes workerd drain open connections (an MCP session's GET stream) for seconds; it keeps no state.
  return { url: `http://127.0.0.1:${port}/`, stop: () => stop(child, 'SIGKILL') };
}

/** The first line of `stream` that `wanted` accepts; an error naming stderr when the process ends or stalls first. */
function lineWhere(
  child: ChildProcess,
  stream: Readable,
  stderr: Promise<string>,
  wanted: (line: string) => boolean = () => true,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream });
    const done = () => {
      clearTimeout(timer);
      child.off('exit', exited);
      lines.close();
    };
    const fail = async (reason: string) => {
      done();
      child.kill();
      reject(new Error(`${reason}: ${(await stderr).trim()}`));
    };
    const exited = (code: number | null) => void fail(`exited with ${code} before it answered`);
    const timer = setTimeout(() => void fail(`no answer in ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.once('exit', exited);
    lines.on('line', (line) => {
      if (!wanted(line)) return;
      done();
      resolve(line);
    });
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

async function text(stream: Readable): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}
