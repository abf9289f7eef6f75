import type { JsonSchema } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { formArgs, formFields, isHexColorPattern } from './form-fields.js';
import { startingValues } from './form-values.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Title' },
    count: { type: 'integer', default: 2 },
    size: { enum: [1, 2, 3] },
    done: { type: 'boolean' },
    style: {
      type: 'object',
      properties: { color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' }, tags: { type: 'array' } },
    },
  },
  required: ['title'],
};

describe('form fields from a JSON Schema', () => {
  it('gives each property a control kind and flattens one level of objects', () => {
    expect(formFields(schema).map(({ path, kind, required }) => [path.join('.'), kind, required])).toEqual([
      ['title', 'string', true],
      ['count', 'integer', false],
      ['size', 'enum', false],
      ['done', 'boolean', false],
      ['style.color', 'string', false],
      ['style.tags', 'json', false],
    ]);
    expect(isHexColorPattern(formFields(schema)[4]?.pattern)).toBe(true);
    expect(isHexColorPattern('^[a-z]+$')).toBe(false);
  });

  it('turns raw control values into arguments, skipping empty ones', () => {
    const raw = { title: 'Hi', count: '3', size: '2', done: false, 'style.color': '', 'style.tags': '["a"]' };
    expect(formArgs(formFields(schema), raw)).toEqual({
      title: 'Hi',
      count: 3,
      size: 2,
      done: false,
      style: { tags: ['a'] },
    });
  });

  it("starts from the target's values where they name a field, else from the schema's defaults", () => {
    const values = { title: 'Logo', style: { color: '#00ff00', tags: ['x'] } };
    expect(startingValues(formFields(schema), values)).toEqual({
      title: 'Logo',
      count: '2',
      done: false,
      'style.color': '#00ff00',
      'style.tags': '["x"]',
    });
  });
});
