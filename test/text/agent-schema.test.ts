import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { agentConfigSchema } from '@affordance/core/detect';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';

const FILE = fileURLToPath(new URL('../../schemas/agent.schema.json', import.meta.url));

describe('the published agent.json schema', () => {
  it('is the schema the validator uses (run with UPDATE_SCHEMA=1 to rewrite it)', () => {
    const text = `${JSON.stringify(agentConfigSchema, null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(FILE, text);
    // Compared as data, so a formatter may lay the file out its own way.
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(JSON.parse(text));
  });

  it('works on its own in a plain ajv, as an editor or CI would use it', () => {
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    const validate = ajv.compile(JSON.parse(readFileSync(FILE, 'utf8')));
    expect(
      validate({ actions: { enabled: true, types: ['decision'], handlers: { decision: 'builtin:log' } } }),
    ).toBe(true);
    expect(
      validate({
        steps: {
          'complete.issue': {
            completionConditions: [{ validator: 'git-clean' }],
            onFailure: { maxAttempts: 3 },
          },
        },
      }),
    ).toBe(true);
    expect(
      validate({
        run: { maxSteps: 8, stopWhen: [{ toolCall: 'order_submit' }], outputMode: 'native', telemetry: true },
      }),
    ).toBe(true);
    expect(validate({ run: { stopWhen: [{ stepCount: 0 }] } })).toBe(false);
    expect(validate({ run: { maxStep: 8 } })).toBe(false);
    expect(validate({ actions: { handlers: { decision: 'builtin:nope' } } })).toBe(false);
    expect(validate({ steps: { s: { onFailure: { maxAttempts: 0 } } } })).toBe(false);
  });
});
