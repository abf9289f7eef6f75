import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../action/types.js';
import { compileJsonSchema } from '../schema/compile-validator.js';
import { omitStrictNulls } from './omit-strict-nulls.js';
import { toStrictSchema } from './strict-schema.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    note: { type: 'string' },
    clear: { type: ['string', 'null'] },
    box: { $ref: '#/$defs/box' },
    items: { type: 'array', items: { $ref: '#/$defs/box' } },
    shape: {
      anyOf: [
        {
          type: 'object',
          properties: { radius: { type: 'number' }, label: { type: 'string' } },
          required: ['radius'],
        },
        {
          type: 'object',
          properties: { side: { type: 'number' }, label: { type: 'string' } },
          required: ['side'],
        },
      ],
    },
  },
  required: ['title'],
  $defs: {
    box: { type: 'object', properties: { w: { type: 'number' }, h: { type: 'number' } }, required: ['w'] },
  },
};

describe('omitStrictNulls', () => {
  it('drops the nulls strict mode sends for left-out optional properties, at every depth', () => {
    const sent = {
      title: 'x',
      note: null,
      clear: null,
      box: { w: 1, h: null },
      items: [
        { w: 2, h: null },
        { w: 3, h: 4 },
      ],
      shape: { side: 2, label: null },
    };
    expect(omitStrictNulls(sent, schema)).toEqual({
      title: 'x',
      clear: null,
      box: { w: 1 },
      items: [{ w: 2 }, { w: 3, h: 4 }],
      shape: { side: 2 },
    });
  });

  it('keeps a null sent for a required property, so validation still reports it', () => {
    expect(omitStrictNulls({ title: null }, schema)).toEqual({ title: null });
  });

  it('leaves keys the schema does not declare and non-object arguments alone', () => {
    expect(omitStrictNulls({ title: 'x', extra: null }, schema)).toEqual({ title: 'x', extra: null });
    expect(omitStrictNulls('text', schema)).toBe('text');
  });

  it('undoes exactly what toStrictSchema added: strict call in, original call out', () => {
    const original: JsonSchema = {
      type: 'object',
      properties: { title: { type: 'string' }, note: { type: 'string' }, box: { $ref: '#/$defs/box' } },
      required: ['title'],
      $defs: schema.$defs,
    };
    const strict = toStrictSchema(original);
    if (!strict.ok) throw new Error(strict.reason);
    const sent = { title: 'x', note: null, box: { w: 1, h: null } };
    expect(compileJsonSchema(strict.schema, 'strict')(sent)).toBe(true);
    expect(compileJsonSchema(original, 'original')(sent)).toBe(false);
    const received = omitStrictNulls(sent, original);
    expect(received).toEqual({ title: 'x', box: { w: 1 } });
    expect(compileJsonSchema(original, 'original')(received)).toBe(true);
  });
});
