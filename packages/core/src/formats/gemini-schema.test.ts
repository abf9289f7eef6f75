import { describe, expect, it } from 'vitest';
import { toGeminiSchema } from './gemini-schema.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const convert = (schema: Record<string, unknown>) => toGeminiSchema(deepFreeze(schema));

describe('toGeminiSchema', () => {
  it('writes types in capitals, nullability as `nullable` and counts as strings', () => {
    const { schema, dropped, notes } = convert({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z]+$', format: 'email' },
        age: { type: ['integer', 'null'], minimum: 0, maximum: 150, format: 'int32' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
        ratio: { type: 'number', format: 'double', default: 0.5 },
      },
      required: ['name'],
    });
    expect(schema).toEqual({
      type: 'OBJECT',
      properties: {
        name: { type: 'STRING', minLength: '1', maxLength: '40', pattern: '^[a-z]+$', format: 'email' },
        age: { type: 'INTEGER', nullable: true, minimum: 0, maximum: 150, format: 'int32' },
        tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1', maxItems: '5' },
        ratio: { type: 'NUMBER', format: 'double', default: 0.5 },
      },
      required: ['name'],
    });
    expect(dropped).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('lists every keyword it drops, once', () => {
    const { schema, dropped } = convert({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        a: { type: 'number', exclusiveMinimum: 0, multipleOf: 2 },
        b: { type: 'object', properties: { c: { type: 'string' } }, additionalProperties: false },
        d: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        e: { type: 'number', format: 'percent' },
      },
      additionalProperties: false,
    });
    expect(dropped).toEqual([
      '$schema',
      'additionalProperties',
      'exclusiveMinimum',
      'format',
      'multipleOf',
      'uniqueItems',
    ]);
    expect(schema.properties?.a).toEqual({ type: 'NUMBER' });
    expect(schema.properties?.e).toEqual({ type: 'NUMBER' });
  });

  it('turns const and string enums into enum, and writes other allowed values into the description', () => {
    const { schema, dropped } = convert({
      type: 'object',
      properties: {
        kind: { const: 'circle' },
        unit: { type: ['string', 'null'], enum: ['px', 'em', null] },
        level: { type: 'integer', enum: [1, 2, 3], description: 'Zoom level.' },
        on: { const: true },
      },
    });
    expect(schema.properties).toEqual({
      kind: { type: 'STRING', enum: ['circle'] },
      unit: { type: 'STRING', enum: ['px', 'em'], nullable: true },
      level: { type: 'INTEGER', description: 'Zoom level. One of: 1, 2, 3.' },
      on: { type: 'BOOLEAN', description: 'Must be true.' },
    });
    expect(dropped).toEqual(['const', 'enum']);
  });

  it('inlines local references and drops a recursive one with a note', () => {
    const { schema, notes } = convert({
      type: 'object',
      properties: {
        point: { $ref: '#/$defs/point', description: 'Where to draw' },
        tree: { $ref: '#/$defs/tree' },
        lost: { $ref: '#/$defs/nowhere' },
      },
      required: ['point', 'lost'],
      $defs: {
        point: {
          type: 'object',
          properties: { x: { type: 'number' }, y: { type: 'number' } },
          required: ['x', 'y'],
        },
        tree: {
          type: 'object',
          properties: { label: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/tree' } } },
        },
      },
    });
    expect(schema.properties?.point).toEqual({
      type: 'OBJECT',
      description: 'Where to draw',
      properties: { x: { type: 'NUMBER' }, y: { type: 'NUMBER' } },
      required: ['x', 'y'],
    });
    expect(schema.properties?.tree).toEqual({
      type: 'OBJECT',
      properties: { label: { type: 'STRING' }, kids: { type: 'ARRAY', items: {} } },
    });
    expect(schema.properties).not.toHaveProperty('lost');
    expect(schema.required).toEqual(['point']);
    expect(notes).toEqual([
      '#/properties/tree/properties/kids/items refers to #/$defs/tree recursively; left out',
      '#/properties/lost refers to #/$defs/nowhere, which does not resolve; left out',
    ]);
  });

  it('turns null branches into nullable, oneOf into anyOf and several types into anyOf', () => {
    const { schema, notes } = convert({
      type: 'object',
      properties: {
        maybe: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Optional text' },
        either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        mixed: { type: ['string', 'integer', 'null'], description: 'Text or count' },
      },
    });
    expect(schema.properties).toEqual({
      maybe: { type: 'STRING', nullable: true, description: 'Optional text' },
      either: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] },
      mixed: {
        anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }],
        nullable: true,
        description: 'Text or count',
      },
    });
    expect(notes).toEqual(['#/properties/either: oneOf sent as anyOf']);
  });

  it('merges allOf, and never writes an empty properties map or required names it does not declare', () => {
    const { schema, notes } = convert({
      type: 'object',
      properties: {
        both: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
            { properties: { b: { type: 'number' } }, required: ['b'] },
          ],
        },
        free: { type: 'object', description: 'Any settings' },
        list: { type: 'array' },
        odd: { type: 'object', properties: {}, required: ['ghost'] },
      },
    });
    expect(schema.properties).toEqual({
      both: {
        type: 'OBJECT',
        properties: { a: { type: 'STRING' }, b: { type: 'NUMBER' } },
        required: ['a', 'b'],
      },
      free: { type: 'OBJECT', description: 'Any settings' },
      list: { type: 'ARRAY', items: {} },
      odd: { type: 'OBJECT' },
    });
    expect(notes).toEqual(['allOf merged into one schema']);
  });

  it('leaves out hostile nesting instead of running out of stack', () => {
    let nested: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 500; level++) nested = { anyOf: [nested, { type: 'number' }] };
    const { schema, notes } = convert({ type: 'object', properties: { a: nested, b: { type: 'boolean' } } });
    expect(schema.properties?.b).toEqual({ type: 'BOOLEAN' });
    expect(notes.some((note) => note.endsWith('is nested more than 64 schemas deep; left out'))).toBe(true);
  });
});
