import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCalls } from './validation-calls.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./validate-without-eval.ts', import.meta.url));

async function child(flags: string[]): Promise<{ validator: string; outcomes: unknown[] }> {
  const { stdout } = await run(
    process.execPath,
    [...flags, '--conditions=@affordance/source', '--import', 'tsx', script],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

describe('validation in Node where code generation is refused', () => {
  it('falls back to the CSP-safe validator with the same results, codes and messages as ajv', async () => {
    const [refused, allowed] = await Promise.all([
      child(['--disallow-code-generation-from-strings']),
      child([]),
    ]);
    expect(allowed.validator).toBe('ajv');
    expect(refused.validator).toBe('csp-safe');
    expect(refused.outcomes).toEqual(allowed.outcomes);
    // The same calls in this process (ajv): what the children saw is what a caller always sees.
    expect(refused.outcomes).toEqual(JSON.parse(JSON.stringify(await runCalls())));
    expect(refused.outcomes).toMatchObject([
      { ok: true, value: { color: '#A0B1C2', size: 3 } },
      { ok: false, code: 'invalid_args' },
      { ok: false, code: 'invalid_args' },
      { ok: false, code: 'invalid_args' },
    ]);
  }, 120_000);
});
