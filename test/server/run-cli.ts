import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, where the CLI is run from. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const CLI = ['--conditions=@affordance/source', '--import', 'tsx', 'packages/server/src/cli.ts'];

/** What a finished CLI process printed, and its exit code. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Start the CLI from TypeScript sources in a real process. */
export function startCli(args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', DATABASE_URL: '', AFFORDANCE_DATA: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Run the CLI to its end, feeding `stdin` when given. */
export function runCli(
  args: readonly string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const child = startCli(args, options.env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin?.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Wait until the process prints text matching `pattern` on stdout; answers the match. */
export function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the process ended (code ${code}) before printing ${pattern}: ${seen}`)),
    );
  });
}
