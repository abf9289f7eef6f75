import { describe, expect, it } from 'vitest';
import { ajvValidator } from './ajv-validator.js';
import { compileValidator, type Validation } from './compile-validator.js';
import { cspSafeValidator } from './csp-safe-validator.js';
import { patternWithoutFlags } from './pattern-without-flags.js';
import type { JsonSchema } from './types.js';

// One table of schemas and values, run through ajv and the CSP-safe validator: the issues (codes, paths,
// fix-it messages, order) and the values (defaults filled in) must be the same.
const hex = patternWithoutFlags('^#[0-9a-f]{6}$', 'i').pattern;
const lines = patternWithoutFlags('^item$', 'm').pattern;
const cases: Array<{ name: string; schema: JsonSchema; values: unknown[] }> = [
  {
    name: 'types, required, additionalProperties',
    schema: {
      type: 'object',
      properties: { name: { type: 'string' }, count: { type: 'integer' }, tags: { type: 'array' } },
      required: ['name', 'count'],
      additionalProperties: false,
    },
    values: [
      { name: 'a', count: 1 },
      { name: 1, count: 1.5, tags: 'x' },
      {},
      { name: 'a', count: 1, nmae: 'b', extra: true },
      'text',
      null,
      [],
    ],
  },
  {
    name: 'enum, const, union types',
    schema: {
      type: 'object',
      properties: {
        color: { type: 'string', enum: ['red', 'green'] },
        kind: { const: 'box' },
        size: { type: ['number', 'null'] },
      },
    },
    values: [
      { color: 'blue', kind: 'ball', size: 'big' },
      { color: 7 },
      { color: 'red', kind: 'box', size: null },
    ],
  },
  {
    name: 'patterns, with flags carried',
    schema: {
      type: 'object',
      properties: { hex: { type: 'string', pattern: hex }, line: { type: 'string', pattern: lines } },
    },
    values: [
      { hex: '#A0b1C2', line: 'first\nitem\nlast' },
      { hex: '#12345g', line: 'items' },
    ],
  },
  {
    name: 'minimum and maximum, lengths, counts, multipleOf, uniqueItems',
    schema: {
      type: 'object',
      properties: {
        n: { type: 'number', minimum: 1, maximum: 10, multipleOf: 0.5 },
        x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        s: { type: 'string', minLength: 2, maxLength: 3 },
        list: { type: 'array', minItems: 1, maxItems: 2, uniqueItems: true, items: { type: 'integer' } },
        objects: { type: 'array', uniqueItems: true },
        bag: { type: 'object', minProperties: 1, maxProperties: 1 },
      },
    },
    values: [
      { n: 0.2, x: 1, s: 'a', list: [], bag: {} },
      {
        n: 11,
        x: 0,
        s: 'abcd',
        list: [1, 2, 1],
        objects: [{ a: 1 }, { b: 2 }, { a: 1 }],
        bag: { a: 1, b: 2 },
      },
      { n: 2.5, x: 0.5, s: 'ab', list: [3], objects: [], bag: { a: 1 } },
    ],
  },
  {
    name: 'formats',
    schema: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        when: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
        id: { type: 'string', format: 'uuid' },
        site: { type: 'string', format: 'uri' },
        secret: { type: 'string', format: 'password', minLength: 8 },
        made: { type: 'string', format: 'made-up' },
        small: { type: 'integer', format: 'int32', minimum: 0 },
        big: { type: 'array', items: { type: 'number', format: 'int64' } },
        ratio: { type: 'number', format: 'float' },
      },
    },
    values: [
      {
        email: 'a@b.co',
        when: '2026-11-25T18:00:00Z',
        day: '2026-02-28',
        id: crypto.randomUUID(),
        site: 'https://x.dev',
      },
      {
        email: 'nope',
        when: 'yesterday',
        day: '2026-02-30',
        id: '123',
        site: 'no scheme',
        secret: 'hunter2',
        made: 'x',
      },
    ],
  },
  {
    name: 'nested arrays and objects, with defaults',
    schema: {
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              cells: { type: 'array', items: { type: 'number' } },
              label: { type: 'string', default: 'untitled' },
            },
            required: ['cells'],
          },
        },
        mode: { type: 'string', default: 'fast' },
      },
      required: ['rows'],
    },
    values: [
      { rows: [{ cells: [1, 2] }, { cells: [3, 'x'], label: 5 }, {}, 'row'] },
      { rows: [] },
      { rows: [{ cells: [[1]] }], mode: 1 },
    ],
  },
  {
    name: 'oneOf and anyOf',
    schema: {
      type: 'object',
      properties: {
        target: {
          oneOf: [
            { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
            { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
          ],
        },
        amount: {
          anyOf: [
            { type: 'number', minimum: 0 },
            { type: 'string', pattern: '^\\d+$' },
          ],
        },
      },
    },
    values: [
      { target: { id: 'a' }, amount: 3 },
      { target: { id: 'a', path: 'b' }, amount: -1 },
      { target: {}, amount: 'ten' },
      { target: 4, amount: '10' },
    ],
  },
  {
    name: '$ref to $defs and definitions',
    schema: {
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      definitions: { name: { type: 'string', minLength: 1 } },
      properties: {
        from: { $ref: '#/$defs/point' },
        to: { $ref: '#/$defs/point' },
        name: { $ref: '#/definitions/name' },
        path: { type: 'array', items: { $ref: '#/$defs/point' } },
      },
    },
    values: [
      { from: { x: 1 }, to: { x: 2 }, name: 'a', path: [{ x: 0 }] },
      { from: {}, to: { x: 'far' }, name: '', path: [{ x: 1 }, { y: 2 }] },
    ],
  },
  {
    name: 'draft 2020-12 with prefixItems and a secret',
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
        token: { type: 'string', writeOnly: true, pattern: '^sk-' },
      },
    },
    values: [{ pair: ['a', 1] }, { pair: [1, 'a'], token: 'pk-live-123' }],
  },
];

function run(validator: typeof ajvValidator, schema: JsonSchema, value: unknown) {
  const copy = structuredClone(value);
  const result = compileValidator(schema, 'case', undefined, validator)(copy) as Validation;
  return { result, value: copy };
}

describe('the CSP-safe validator and ajv', () => {
  for (const { name, schema, values } of cases) {
    it(`refuse alike: ${name}`, () => {
      for (const value of values) {
        const ajv = run(ajvValidator, schema, value);
        const safe = run(cspSafeValidator, schema, value);
        expect(safe, JSON.stringify(value)).toEqual(ajv);
      }
    });
  }

  it('find something to refuse in every case (the table is not all valid)', () => {
    const refused = cases.flatMap(({ schema, values }) =>
      values.filter((value) => !run(ajvValidator, schema, value).result.ok),
    );
    expect(refused.length).toBeGreaterThan(15);
  });

  it('refuse the same broken schemas with invalid_schema', () => {
    const broken: JsonSchema[] = [
      { type: 'strnig' },
      { type: 'string', pattern: '([a-z' },
      { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
    ];
    for (const schema of broken) {
      for (const validator of [ajvValidator, cspSafeValidator]) {
        expect(() => compileValidator(schema, 'broken', undefined, validator)).toThrow(
          expect.objectContaining({ code: 'invalid_schema' }),
        );
      }
    }
  });
});
