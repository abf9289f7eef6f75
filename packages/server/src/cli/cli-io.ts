import { type ParseArgsConfig, parseArgs } from 'node:util';
import { AffordanceError } from '@affordance/core';

/**
 * Exit codes of every command: 0 ok, 1 an action or check failed, 2 the command line (or config) was wrong, 3 the
 * command could not do its work (database unreachable, port taken, no model configured for `agent`, a crash).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, error: 3 } as const;

/** A wrong command line (code `usage`): printed with the command's usage, exit code 2. */
export class UsageError extends AffordanceError<'usage'> {
  static override readonly errorName = 'UsageError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('usage', message, options);
  }
}

/** Where a command writes, whether it may use colour, and whether stderr can show live progress. */
export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly color: boolean;
  /** True when stderr is a terminal: progress lines are drawn there, and only then. */
  readonly interactive?: boolean;
  readonly readStdin: () => Promise<string>;
  /** Ask the person at the terminal and answer their line; absent when stdin is not a terminal. */
  readonly ask?: (question: string) => Promise<string>;
}

/**
 * Whether to paint: `FORCE_COLOR` (non-empty, not `0`/`false`) forces it, a non-empty `NO_COLOR` forbids it, else
 * only when the stream is a terminal.
 */
export function wantsColor(isTTY: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY && env.TERM !== 'dumb';
}

/** The process's own streams; colour as `wantsColor` says for stdout, progress only when stderr is a terminal. */
export function processIO(): CliIO {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    color: wantsColor(process.stdout.isTTY === true, process.env),
    interactive: process.stderr.isTTY === true && process.env.TERM !== 'dumb',
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    ...(process.stdin.isTTY === true ? { ask: askOnTerminal } : {}),
  };
}

// One question on the terminal: the prompt goes to stderr, so stdout stays the command's output.
async function askOnTerminal(question: string): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  // Ctrl-C at the question stops the command (readline would otherwise only pause the input).
  const stop = new AbortController();
  terminal.once('SIGINT', () => stop.abort(new Error('stopped at the question (Ctrl-C)')));
  try {
    return await terminal.question(question, { signal: stop.signal });
  } finally {
    terminal.close();
  }
}

const CODES = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 } as const;

/** Wrap text in an ANSI style when colour is on. */
export function paint(io: CliIO, style: keyof typeof CODES, text: string): string {
  return io.color ? `\u001b[${CODES[style]}m${text}\u001b[0m` : text;
}

/** Options every command takes. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  data: { type: 'string' },
  registry: { type: 'string' },
  config: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** What `parseCommand` answers for a command's own options plus the common ones. */
export type ParsedCommand<TOptions extends CommandOptions> = ReturnType<
  typeof parseArgs<{
    args: string[];
    options: typeof COMMON_OPTIONS & TOptions;
    allowPositionals: true;
    strict: true;
  }>
>;

/** The option table of one command (`parseArgs` options). */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/** `parseArgs` in strict mode, with its errors turned into `UsageError`s. */
export function parseCommand<TOptions extends CommandOptions>(
  args: readonly string[],
  options: TOptions,
): ParsedCommand<TOptions> {
  try {
    return parseArgs({
      args: [...args],
      options: { ...COMMON_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Print a value as JSON (for `--json`). */
export function printJson(io: CliIO, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}
