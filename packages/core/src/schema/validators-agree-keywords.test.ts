import { describe, expect, it } from 'vitest';
import { ajvValidator } from './ajv-validator.js';
import { compileValidator, type Validation } from './compile-validator.js';
import { cspSafeValidator } from './csp-safe-validator.js';
import type { JsonSchemaValidator } from './json-schema-validator.js';
import type { JsonSchema } from './types.js';

// The rest of the keywords, odd keys and odd values: the same contract as validators-agree.test.ts.
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
const cases: Array<{ name: string; schema: JsonSchema; values: unknown[] }> = [
  {
    name: 'keys that need escaping in a JSON Pointer',
    schema: {
      type: 'object',
      properties: {
        'a/b': { type: 'string' },
        'c~d': { type: 'number' },
        'e f': { type: 'boolean' },
        '#%': { const: 1 },
      },
      required: ['a/b', 'g"h'],
      additionalProperties: false,
    },
    values: [{ 'a/b': 1, 'c~d': 'x', 'e f': 'no', '#%': 2, 'x/y~z': 1 }],
  },
  {
    name: 'additionalProperties and patternProperties as schemas',
    schema: {
      type: 'object',
      properties: { id: { type: 'string' } },
      patternProperties: { '^n_': { type: 'number' } },
      additionalProperties: { type: 'boolean' },
    },
    values: [
      { id: 'a', n_1: 'one', other: 'yes', more: false },
      { id: 2, n_2: 2 },
    ],
  },
  {
    name: 'boolean subschemas',
    schema: {
      type: 'object',
      properties: { never: false, always: true, list: { type: 'array', items: false } },
    },
    values: [{ never: 1, always: 2, list: [1, 2] }, { list: [] }],
  },
  {
    name: 'enum and const of objects, not',
    schema: {
      type: 'object',
      properties: {
        point: { enum: [{ x: 1 }, [1, 2], null] },
        origin: { const: { x: 0, y: 0 } },
        name: { type: 'string', not: { pattern: '^admin' } },
      },
    },
    values: [
      { point: { x: 1 }, origin: { y: 0, x: 0 }, name: 'bob' },
      { point: { x: 2 }, origin: { x: 0 }, name: 'administrator' },
    ],
  },
  {
    name: 'if, then, else',
    schema: {
      type: 'object',
      properties: { kind: { type: 'string' }, size: { type: 'number' } },
      if: { properties: { kind: { const: 'big' } } },
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword
      then: { properties: { size: { minimum: 10 } } },
      else: { properties: { size: { maximum: 5 } } },
    },
    values: [
      { kind: 'big', size: 3 },
      { kind: 'small', size: 7 },
      { kind: 'big', size: 12 },
    ],
  },
  {
    name: 'dependencies (draft-07) and dependentRequired (2019-09)',
    schema: {
      type: 'object',
      properties: { card: { type: 'string' }, cvc: { type: 'string' }, zip: { type: 'string' } },
      dependencies: { card: ['cvc', 'zip'] },
    },
    values: [{ card: '4111' }, { card: '4111', cvc: '1', zip: '2' }],
  },
  {
    name: 'dependentRequired and unevaluatedProperties under 2019-09',
    schema: {
      $schema: DRAFT_2019,
      type: 'object',
      properties: { card: { type: 'string' }, cvc: { type: 'string' } },
      dependentRequired: { card: ['cvc'] },
      unevaluatedProperties: false,
    },
    values: [{ card: '4111', extra: 1 }],
  },
  {
    name: 'draft-07 ignores 2019-09 keywords, as ajv does',
    schema: { type: 'object', dependentRequired: { a: ['b'] }, unevaluatedProperties: false },
    values: [{ a: 1, c: 2 }],
  },
  {
    name: 'contains and tuples with additionalItems',
    schema: {
      type: 'object',
      properties: {
        tags: { type: 'array', contains: { const: 'main' } },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
      },
    },
    values: [
      { tags: ['a', 'b'], pair: ['x', 1, true, null] },
      { tags: [], pair: [1] },
      { tags: ['main'] },
      { tags: ['x', 'main'] },
    ],
  },
  {
    name: 'propertyNames',
    schema: { type: 'object', propertyNames: { pattern: '^[a-z]+$', maxLength: 4 } },
    values: [{ ok: 1, Bad: 2, toolong: 3 }, { fine: 1 }],
  },
  {
    name: 'several errors in several array items, with anyOf inside',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          value: {
            anyOf: [
              { type: 'string', minLength: 2 },
              { type: 'integer', minimum: 0 },
            ],
          },
          note: { type: 'string', maxLength: 3 },
        },
        required: ['value'],
      },
      maxItems: 3,
    },
    values: [[{ value: 'a', note: 'long' }, { value: -1 }, { note: 1 }, { value: 2 }]],
  },
  {
    name: 'a property holding undefined counts as absent',
    schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    values: [{ a: undefined }, { a: 'x', b: undefined }],
  },
  {
    name: 'defaults under additionalProperties, patternProperties and the branch an if takes',
    schema: {
      type: 'object',
      patternProperties: {
        '^x-': { type: 'object', properties: { on: { type: 'boolean', default: true } } },
      },
      additionalProperties: {
        type: 'object',
        properties: { kind: { type: 'string' } },
        if: { properties: { kind: { const: 'git' } }, required: ['kind'] },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword
        then: { properties: { untracked: { type: 'boolean', default: true } } },
        else: { properties: { retries: { type: 'integer', default: 3 } } },
      },
    },
    values: [{ a: { kind: 'git' }, b: { kind: 'npm' }, 'x-c': {} }, { a: { kind: 'git', untracked: 1 } }],
  },
  {
    name: 'an if that asks about a property with a default sees the value before the default',
    schema: {
      type: 'object',
      properties: { kind: { type: 'string', default: 'git' } },
      if: { properties: { kind: { const: 'git' } }, required: ['kind'] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword
      then: { properties: { untracked: { type: 'boolean', default: true } } },
      else: { properties: { retries: { type: 'integer', default: 3 } } },
    },
    values: [{}, { kind: 'git' }, { kind: 'npm' }],
  },
];

function run(validator: JsonSchemaValidator, schema: JsonSchema, value: unknown) {
  const copy = structuredClone(value);
  const result = compileValidator(schema, 'case', undefined, validator)(copy) as Validation;
  return { result, value: copy };
}

describe('the CSP-safe validator and ajv, keyword by keyword', () => {
  for (const { name, schema, values } of cases) {
    it(`refuse alike: ${name}`, () => {
      for (const value of values) {
        expect(run(cspSafeValidator, schema, value), JSON.stringify(value)).toEqual(
          run(ajvValidator, schema, value),
        );
      }
    });
  }
});
