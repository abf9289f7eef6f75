import { describe, expect, it } from 'vitest';
import { runWithAndWithoutEval } from './run-without-eval.js';
import { runCalls } from './validation-calls.js';

describe('validation in Node where code generation is refused', () => {
  it('falls back to the CSP-safe validator with the same results, codes and messages as ajv', async () => {
    const { refused, allowed } = await runWithAndWithoutEval(
      new URL('./validate-without-eval.ts', import.meta.url),
    );
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
