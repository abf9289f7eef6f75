// Runs a script of this folder in two child processes, one with code generation from strings refused, and reads
// the JSON line each prints last: which validator it chose and what it saw.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ChildReport {
  readonly validator: string;
  readonly outcomes: unknown[];
}

async function child(script: string, flags: string[]): Promise<ChildReport> {
  const { stdout } = await run(
    process.execPath,
    [...flags, '--conditions=@affordance/source', '--import', 'tsx', script],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

/** The script's report with `--disallow-code-generation-from-strings` (refused) and without it (allowed). */
export async function runWithAndWithoutEval(
  script: URL,
): Promise<{ refused: ChildReport; allowed: ChildReport }> {
  const path = fileURLToPath(script);
  const [refused, allowed] = await Promise.all([
    child(path, ['--disallow-code-generation-from-strings']),
    child(path, []),
  ]);
  return { refused, allowed };
}
