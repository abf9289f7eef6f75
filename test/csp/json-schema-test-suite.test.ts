import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ajvValidator } from '../../packages/core/src/schema/ajv-validator.js';
import { compileValidator, type Validation } from '../../packages/core/src/schema/compile-validator.js';
import { cspSafeValidator } from '../../packages/core/src/schema/csp-safe-validator.js';
import type { JsonSchemaValidator } from '../../packages/core/src/schema/json-schema-validator.js';
import type { JsonSchema } from '../../packages/core/src/schema/types.js';

// The JSON-Schema-Test-Suite's draft-04 files for the keywords whose meaning has not changed since (see SOURCE.md
// beside them): the CSP-safe interpreter must give the suite's answer, and the same issues as ajv.
const folder = join(import.meta.dirname, 'json-schema-test-suite');
interface Group {
  description: string;
  schema: JsonSchema | boolean;
  tests: Array<{ description: string; data: unknown; valid: boolean }>;
}
// Cases neither validator compiles: a $ref to the draft-04 meta-schema by URL, which neither has.
const NOT_COMPILED = new Set(['ref.json: remote ref, containing refs itself']);
// ajv (as core configures it, `addUsedSchema: false`) cannot resolve a `$ref` to `#`; the CSP-safe validator can.
const AJV_DOES_NOT_COMPILE = new Set(['ref.json: root pointer ref']);
// Where draft-04 and ajv's draft-07 disagree; the CSP-safe validator answers as ajv does (its contract).
const DRAFT_04_ONLY = new Set([
  'ref.json: ref overrides any sibling keywords', // draft-07 ajv applies a $ref's siblings too
  // Both fill a missing property's `default` in (ajv's useDefaults), then check it; the suite checks the value as sent.
  'default.json: invalid type for default',
  'default.json: invalid string value for default',
]);

function run(validator: JsonSchemaValidator, schema: JsonSchema, data: unknown) {
  const copy = structuredClone(data);
  return compileValidator(schema, 'suite', undefined, validator)(copy) as Validation;
}

describe('the CSP-safe validator and the JSON-Schema-Test-Suite', () => {
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  it('has the suite files', () => expect(files.length).toBeGreaterThan(20));
  for (const file of files) {
    const groups = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Group[];
    it(`answers as the suite and as ajv: ${file}`, () => {
      let checked = 0;
      for (const group of groups) {
        const name = `${file}: ${group.description}`;
        if (typeof group.schema !== 'object') continue;
        const schema = group.schema;
        if (NOT_COMPILED.has(name)) {
          for (const validator of [cspSafeValidator, ajvValidator])
            expect(() => compileValidator(schema, 'suite', undefined, validator), name).toThrow();
          continue;
        }
        const ajvCompiles = !AJV_DOES_NOT_COMPILE.has(name);
        if (!ajvCompiles) expect(() => compileValidator(schema, 'suite', undefined, ajvValidator)).toThrow();
        for (const test of group.tests) {
          const safe = run(cspSafeValidator, schema, test.data);
          const label = `${name} / ${test.description}`;
          if (ajvCompiles) expect(safe, label).toEqual(run(ajvValidator, schema, test.data));
          if (!DRAFT_04_ONLY.has(name)) expect(safe.ok, label).toBe(test.valid);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
