import { readFile } from 'node:fs/promises';
import { type CliIO, UsageError } from '../cli-io.js';

/** Read `-` (stdin), `@path` or a path as text; `inline` keeps other text as it is (for `--args '{…}'`). */
export async function readInput(spec: string, io: CliIO, inline: boolean): Promise<string> {
  if (spec === '-' || spec === '@-') return io.readStdin();
  const path = spec.startsWith('@') ? spec.slice(1) : inline ? undefined : spec;
  if (path === undefined) return spec;
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
