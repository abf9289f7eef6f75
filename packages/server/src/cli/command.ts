import type { CliIO } from './cli-io.js';

/** One CLI command: its name, a one-line summary, its usage text, and what it does (answering the exit code). */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  run(args: readonly string[], io: CliIO): Promise<number>;
}
