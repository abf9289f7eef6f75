import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A PostgreSQL server started for tests in a temporary folder, listening on a loopback port. */
export interface PostgresServer {
  readonly url: string;
  readonly port: number;
  /** Create a fresh database on the server and return its URL (one per test file keeps them apart). */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The line printed when the binaries are missing. */
export const MISSING_POSTGRES =
  'PostgreSQL server tests skipped: no initdb/postgres binaries (apt-get install postgresql, or set AFFORDANCE_PG_BIN)';

/** The folder holding `initdb` and `postgres`: `AFFORDANCE_PG_BIN`, else the newest `/usr/lib/postgresql/<v>/bin`. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env.AFFORDANCE_PG_BIN;
  if (given)
    return existsSync(join(given, 'initdb')) && existsSync(join(given, 'postgres')) ? given : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter(
      (version) =>
        existsSync(join(root, version, 'bin', 'postgres')) &&
        existsSync(join(root, version, 'bin', 'initdb')),
    )
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/**
 * Whether server tests can run. Missing binaries skip them with one line, printed once per test run; with
 * `AFFORDANCE_REQUIRE_ALL=1` they fail instead.
 */
export function postgresServerAvailable(): boolean {
  if (findPostgresBin()) return true;
  if (process.env.AFFORDANCE_REQUIRE_ALL === '1') {
    throw new Error(`${MISSING_POSTGRES}; AFFORDANCE_REQUIRE_ALL=1 makes this a failure`);
  }
  // Test files run in separate workers of one vitest process: the first to get here prints the line.
  try {
    writeFileSync(join(tmpdir(), `affordance-pg-skip-${runKey()}`), '', { flag: 'wx' });
    console.warn(MISSING_POSTGRES);
  } catch {
    // Another file already said it.
  }
  return false;
}

// The vitest process (the workers' parent) and its start time, so a reused pid is not mistaken for it.
function runKey(): string {
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    return `${process.ppid}-${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  } catch {
    return String(process.ppid);
  }
}

/** Run `initdb` in a temporary folder and start `postgres` on a free loopback port (as `postgres` when root). */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(MISSING_POSTGRES);
  const folder = mkdtempSync(join(tmpdir(), 'affordance-pg-'));
  const dataDir = join(folder, 'data');
  const owner = runAs();
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const wrap = (command: string, args: string[]): [string, string[]] =>
    owner
      ? ['setpriv', [`--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', command, ...args]]
      : [command, args];
  const [initdb, initArgs] = wrap(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'pipe', cwd: folder });
  const port = await freePort();
  const [postgres, serverArgs] = wrap(join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-k',
    folder,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-c',
    'max_connections=100',
    '-c',
    'shared_buffers=64MB',
  ]);
  const child = spawn(postgres, serverArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: folder });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(url, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name))
        throw new Error(`database name ${name} must be lower-case letters, digits and _`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      process.off('exit', killOnExit);
      await stopChild(child);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  // Postgres refuses to run as root: use the `postgres` account (the Debian package makes it), else `nobody`.
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  const wanted = process.env.AFFORDANCE_PG_USER ?? 'postgres';
  const line =
    passwd.find((entry) => entry.startsWith(`${wanted}:`)) ??
    passwd.find((entry) => entry.startsWith('nobody:'));
  const fields = line?.split(':');
  if (!fields || fields.length < 4)
    throw new Error(`running as root and no ${wanted} or nobody account to start postgres as`);
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline)
        throw new Error(
          `postgres did not accept connections within 60 s: ${(error as Error).message}\n${log()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    // SIGINT is postgres' "fast" shutdown: roll back open transactions and exit cleanly.
    child.kill('SIGINT');
  });
}
