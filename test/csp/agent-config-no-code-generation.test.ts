import { ajvValidator, cspSafeValidator } from '@affordance/core';
import { validateAgentConfig } from '@affordance/core/detect';
import { describe, expect, it } from 'vitest';
import { AGENT_CONFIGS } from './agent-config-cases.js';
import { runWithAndWithoutEval } from './run-without-eval.js';

describe('agent.json validation where code generation is refused', () => {
  it('gives ajv and the CSP-safe validator the same errors, warnings and filled defaults', () => {
    for (const config of AGENT_CONFIGS) {
      expect(validateAgentConfig(config, { validator: cspSafeValidator })).toEqual(
        validateAgentConfig(config, { validator: ajvValidator }),
      );
    }
  });

  it('falls back to the CSP-safe validator in node --disallow-code-generation-from-strings', async () => {
    const { refused, allowed } = await runWithAndWithoutEval(
      new URL('./agent-config-without-eval.ts', import.meta.url),
    );
    expect(allowed.validator).toBe('ajv');
    expect(refused.validator).toBe('csp-safe');
    expect(refused.outcomes).toEqual(allowed.outcomes);
    expect(refused.outcomes).toEqual(
      JSON.parse(JSON.stringify(AGENT_CONFIGS.map((c) => validateAgentConfig(c)))),
    );
    expect(refused.outcomes).toMatchObject([
      { ok: true, config: { steps: { 'complete.issue': { onFailure: { action: 'retry' } } } } },
      { ok: false },
      { ok: false, errors: [{ pointer: '/actions/handlers/issue-action', keyword: 'required' }] },
      { ok: false },
      { ok: false },
    ]);
  }, 120_000);
});
