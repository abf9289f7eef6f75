import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./postgres-child.ts', import.meta.url));
const running = new Set<ChildProcess>();
// A test that times out must not leave its child working: kill whatever is left when this process ends.
process.once('exit', () => stopChildren());

/** SIGKILL every child still running (call it from `afterAll`). */
export function stopChildren(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** A running `postgres-child.ts` and the lines it has printed so far. */
export interface ChildRun {
  readonly process: ChildProcess;
  readonly lines: string[];
  /** Resolves once `ready(lines)` holds for the lines printed so far; rejects if the child exits first. */
  waitFor(ready: (lines: readonly string[]) => boolean): Promise<void>;
  /** Resolves with the exit code (or signal) once the child is gone. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  send(line: string): void;
  stderr(): string;
}

/** Start `node --import tsx test/support/postgres-child.ts …args`. */
export function startChild(args: readonly string[]): ChildRun {
  const child = spawn(
    process.execPath,
    ['--conditions=@affordance/source', '--import', 'tsx', CHILD, ...args],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  let partial = '';
  let errors = '';
  const waiters = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters) wake();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    errors = (errors + chunk).slice(-8000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      for (const wake of waiters) wake();
      resolve({ code, signal });
    });
  });
  return {
    process: child,
    lines,
    exited,
    waitFor(ready) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (ready(lines)) {
            waiters.delete(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.delete(check);
            reject(
              new Error(
                `child exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${errors}`,
              ),
            );
          }
        };
        waiters.add(check);
        check();
      });
    },
    send(line) {
      child.stdin!.write(`${line}\n`);
    },
    stderr: () => errors,
  };
}
