import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../action/types.js';
import { toStrictSchema } from './strict-schema.js';

/** Freeze a value and everything in it, so any write by the code under test throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function strict(schema: JsonSchema) {
  const result = toStrictSchema(deepFreeze(schema));
  if (!result.ok) throw new Error(`expected a strict schema, got: ${result.reason}`);
  return result.schema;
}

function reason(schema: JsonSchema): string {
  const result = toStrictSchema(deepFreeze(schema));
  if (result.ok) throw new Error('expected the schema to be refused');
  return result.reason;
}

describe('toStrictSchema', () => {
  it('closes objects, requires every property and makes optional ones nullable', () => {
    expect(
      strict({
        type: 'object',
        properties: {
          color: { type: 'string', pattern: '^#[0-9a-f]{6}$' },
          size: { type: 'integer', minimum: 1, default: 10 },
          unit: { type: 'string', enum: ['px', 'em'] },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
          box: {
            type: 'object',
            properties: { w: { type: 'number' }, h: { type: 'number' } },
            required: ['w'],
          },
        },
        required: ['color'],
      }),
    ).toEqual({
      type: 'object',
      properties: {
        color: { type: 'string', pattern: '^#[0-9a-f]{6}$' },
        size: { type: ['integer', 'null'], minimum: 1, default: 10 },
        unit: { type: ['string', 'null'], enum: ['px', 'em', null] },
        tags: { type: ['array', 'null'], items: { type: 'string' }, maxItems: 3 },
        box: {
          type: ['object', 'null'],
          properties: { w: { type: 'number' }, h: { type: ['number', 'null'] } },
          required: ['w', 'h'],
          additionalProperties: false,
        },
      },
      required: ['color', 'size', 'unit', 'tags', 'box'],
      additionalProperties: false,
    });
  });

  it('wraps untyped optional nodes (const, $ref, enum without type, anyOf) so they also accept null', () => {
    const schema = strict({
      type: 'object',
      properties: {
        mode: { const: 'fast', description: 'Speed' },
        point: { $ref: '#/$defs/point' },
        level: { enum: [1, 2, 3] },
        value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    });
    expect(schema.properties).toEqual({
      mode: { anyOf: [{ const: 'fast' }, { type: 'null' }], description: 'Speed' },
      point: { anyOf: [{ $ref: '#/$defs/point' }, { type: 'null' }] },
      level: { anyOf: [{ enum: [1, 2, 3] }, { type: 'null' }] },
      value: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
    });
    expect(schema.$defs).toEqual({
      point: {
        type: 'object',
        properties: { x: { type: 'number' } },
        required: ['x'],
        additionalProperties: false,
      },
    });
  });

  it('keeps recursive references to definitions and to the root', () => {
    const schema = strict({
      type: 'object',
      properties: { node: { $ref: '#/$defs/node' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['node', 'children'],
      $defs: {
        node: {
          type: 'object',
          properties: {
            value: { type: 'number' },
            next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] },
          },
          required: ['value', 'next'],
        },
      },
    });
    expect(schema.properties).toEqual({
      node: { $ref: '#/$defs/node' },
      children: { type: 'array', items: { $ref: '#' } },
    });
    expect((schema.$defs as Record<string, JsonSchema>).node!.additionalProperties).toBe(false);
  });

  it('inlines a $ref that has a description beside it, or that points into properties', () => {
    const schema = strict({
      type: 'object',
      properties: {
        done: { type: 'boolean', description: 'Finished?' },
        again: { $ref: '#/properties/done', description: 'Repeat?' },
        place: { $ref: '#/$defs/place', description: 'Where' },
      },
      required: ['done', 'place'],
      $defs: { place: { type: 'string' } },
    });
    expect(schema.properties).toEqual({
      done: { type: 'boolean', description: 'Finished?' },
      again: { type: ['boolean', 'null'], description: 'Repeat?' },
      place: { type: 'string', description: 'Where' },
    });
  });

  it('sends a oneOf whose branches exclude each other (a discriminated union) as anyOf', () => {
    const circle = {
      type: 'object',
      properties: { kind: { const: 'circle' }, r: { type: 'number' } },
      required: ['kind', 'r'],
    };
    const rect = {
      type: 'object',
      properties: { kind: { enum: ['rect'] }, w: { type: 'number' } },
      required: ['kind', 'w'],
    };
    const schema = strict({
      type: 'object',
      properties: { shape: { oneOf: [circle, rect] } },
      required: ['shape'],
    });
    expect(schema.properties).toEqual({
      shape: {
        anyOf: [
          { ...circle, additionalProperties: false },
          { ...rect, additionalProperties: false },
        ],
      },
    });
    const overlapping = { ...rect, properties: { ...rect.properties, kind: { enum: ['circle'] } } };
    expect(
      reason({
        type: 'object',
        properties: { shape: { oneOf: [circle, overlapping] } },
        required: ['shape'],
      }),
    ).toContain('branches that may overlap');
  });

  it('closes a root without properties (a tool that takes no arguments) and drops a null default', () => {
    expect(strict({ type: 'object' })).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
    expect(strict({})).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
    const schema = strict({ type: 'object', properties: { note: { type: 'string', default: null } } });
    expect(schema.properties).toEqual({ note: { type: ['string', 'null'] } });
  });

  it.each([
    [{ type: 'object', patternProperties: { '^x': { type: 'string' } } }, '# uses `patternProperties`'],
    [
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
      '# accepts additional properties',
    ],
    [
      { type: 'object', properties: { meta: { type: 'object' } }, required: ['meta'] },
      '#/properties/meta is a free-form object',
    ],
    [
      { type: 'object', properties: { a: { type: ['string', 'null'] } } },
      '#/properties/a is optional and already accepts null',
    ],
    [{ anyOf: [{ type: 'object' }, { type: 'object' }] }, 'the root uses anyOf'],
    [
      { type: 'object', properties: { site: { type: 'string', format: 'uri' } }, required: ['site'] },
      'format "uri"',
    ],
    [
      { type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } }, required: ['a'] },
      'branches that may overlap',
    ],
    [{ type: 'object', properties: { a: {} }, required: ['a'] }, '#/properties/a has no type'],
    [
      { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }] } }, required: ['a'] },
      'tuples',
    ],
    [{ type: 'object', properties: { a: { type: 'array' } }, required: ['a'] }, 'array without `items`'],
    [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] },
      'requires `b` but does not declare it',
    ],
    [
      {
        type: 'object',
        properties: { a: { $ref: '#/$defs/x', minimum: 1 } },
        required: ['a'],
        $defs: { x: { type: 'number' } },
      },
      'combines $ref',
    ],
    [
      { type: 'object', properties: { a: { $ref: '#/$defs/missing' } }, required: ['a'] },
      'which is not a schema',
    ],
    [
      { type: 'object', properties: { a: { type: 'string', enum: [{ x: 1 }] } }, required: ['a'] },
      'object or array',
    ],
  ])('refuses %j with the reason', (schema, expected) => {
    expect(reason(schema as JsonSchema)).toContain(expected);
  });

  it('refuses a reference that recurses through a description', () => {
    const schema = {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/tree', description: 'A tree' } },
      required: ['tree'],
      $defs: {
        tree: {
          type: 'object',
          properties: { kids: { type: 'array', items: { $ref: '#/$defs/tree', description: 'A subtree' } } },
          required: ['kids'],
        },
      },
    };
    expect(reason(schema)).toContain('refers recursively to #/$defs/tree');
  });

  it('refuses schemas past the size limits', () => {
    const wide = Object.fromEntries(
      Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    expect(reason({ type: 'object', properties: wide, required: Object.keys(wide) })).toContain(
      '5001 properties',
    );
    let deep: JsonSchema = { type: 'string' };
    for (let level = 0; level < 10; level++)
      deep = { type: 'object', properties: { inner: deep }, required: ['inner'] };
    expect(reason(deep)).toContain('nested more than 10 levels');
    const values = Array.from({ length: 1001 }, (_, index) => `v${index}`);
    expect(
      reason({ type: 'object', properties: { a: { type: 'string', enum: values } }, required: ['a'] }),
    ).toContain('1001 enum values');
  });

  it('refuses hostile nesting instead of running out of stack', () => {
    let nested: JsonSchema = { type: 'string' };
    for (let level = 0; level < 500; level++) nested = { anyOf: [nested] };
    expect(reason({ type: 'object', properties: { a: nested }, required: ['a'] })).toContain(
      'nested more than 64 schemas deep',
    );
  });

  it('builds new objects: the input stays as it was and shares nothing with the output', () => {
    const input = deepFreeze({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] } },
    });
    const before = JSON.stringify(input);
    const tags = (
      strict(input).properties as Record<string, { items: { enum: string[] }; default: string[] }>
    ).tags!;
    tags.items.enum.push('c');
    tags.default.push('b');
    expect(JSON.stringify(input)).toBe(before);
  });
});
