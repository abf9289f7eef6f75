import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folder of the built console (the Vite build writes it into the server package, which serves it). */
export const CONSOLE_DIST = fileURLToPath(new URL('../../packages/server/console/', import.meta.url));

/** A running `affordance serve` process and the URL it printed. */
export interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote to stderr (its JSON logs), for failure messages. */
  logs(): string;
  /** SIGTERM, and wait for the process to exit (it prints `Stopped.`). */
  stop(): Promise<number | null>;
}

/**
 * Start the real server the way `npm start` does (`node --conditions=@affordance/source --import tsx
 * packages/server/src/cli.ts serve`) on a free port over a data folder, and wait until it prints its URL.
 */
export async function startServer(options: {
  readonly data: string;
  readonly timeoutMs?: number;
  /** Extra environment (e.g. `AFFORDANCE_MODEL`); by default no model is configured. */
  readonly env?: Readonly<Record<string, string>>;
  /** More `serve` options (e.g. `--config <file>`). */
  readonly args?: readonly string[];
}): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@affordance/source',
      '--import',
      'tsx',
      'packages/server/src/cli.ts',
      'serve',
      '--port',
      '0',
      '--data',
      options.data,
      ...(options.args ?? []),
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', LOG_LEVEL: 'warn', AFFORDANCE_MODEL: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in time.\nstdout: ${stdout}\nstderr: ${stderr}`)),
      options.timeoutMs ?? 120_000,
    );
    const check = () => {
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        new Error(`the server exited with ${code} before listening.\nstdout: ${stdout}\nstderr: ${stderr}`),
      );
    });
  });
  return {
    url,
    child,
    logs: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Build the console with Vite's JavaScript API unless `packages/server/console` already holds a build. */
export async function ensureConsoleBuilt(): Promise<void> {
  if (existsSync(`${CONSOLE_DIST}index.html`)) return;
  const { build } = await import('vite');
  // Vite builds React in development mode when NODE_ENV says so (vitest sets it to 'test').
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../apps/console/vite.config.ts', import.meta.url)),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
}
