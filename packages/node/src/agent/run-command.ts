import { spawn } from 'node:child_process';

/** How a command ended: its exit code (null when killed), whether it hit the time limit or was aborted, and its output tail. */
export interface CommandOutcome {
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  /** The last `maxOutput` characters of stdout and stderr, interleaved as they arrived. */
  readonly output: string;
}

/** Options of `runCommand`. */
export interface RunCommandOptions {
  readonly command: string;
  readonly cwd?: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly maxOutput?: number;
  /** How long a killed command gets between SIGTERM and SIGKILL (default 2000 ms). */
  readonly killGraceMs?: number;
}

/**
 * Run a shell command in its own process group; on timeout or abort the whole group gets SIGTERM, then SIGKILL
 * after a grace period, so children the command started do not outlive it.
 */
export function runCommand(options: RunCommandOptions): Promise<CommandOutcome> {
  const maxOutput = options.maxOutput ?? 4000;
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, {
      shell: true,
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let timedOut = false;
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;
    const append = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-maxOutput);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    const stop = () => {
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), options.killGraceMs ?? 2000);
      killTimer.unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      stop();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ exitCode: code, timedOut, aborted, output });
    });
  });
}
