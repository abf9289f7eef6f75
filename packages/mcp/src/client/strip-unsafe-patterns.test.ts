import { defineAction } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { stripUnsafePatterns } from './strip-unsafe-patterns.js';

describe('stripUnsafePatterns', () => {
  it('removes nested-quantifier and invalid regexes, keeps safe ones, and says where', () => {
    const schema = {
      type: 'object',
      properties: {
        evil: { type: 'string', pattern: '^(a+)+$' },
        broken: { type: 'string', pattern: '([' },
        fine: { type: 'string', pattern: '^[a-z]{2,8}$' },
        list: { type: 'array', items: { type: 'string', pattern: '(x*)*y' } },
        map: {
          type: 'object',
          patternProperties: { '^(b+)+$': { type: 'number' }, '^k_': { type: 'string' } },
        },
        literal: { const: { pattern: '^(a+)+$' } },
      },
    };
    const { schema: stripped, removed } = stripUnsafePatterns(schema);
    expect(removed).toEqual([
      '#/properties/evil/pattern',
      '#/properties/broken/pattern',
      '#/properties/list/items/pattern',
      '#/properties/map/patternProperties/^(b+)+$',
    ]);
    expect(stripped).toEqual({
      type: 'object',
      properties: {
        evil: { type: 'string' },
        broken: { type: 'string' },
        fine: { type: 'string', pattern: '^[a-z]{2,8}$' },
        list: { type: 'array', items: { type: 'string' } },
        map: { type: 'object', patternProperties: { '^k_': { type: 'string' } } },
        literal: { const: { pattern: '^(a+)+$' } },
      },
    });
    // What is left is accepted by defineAction, which refuses the original.
    expect(() => defineAction({ name: 'original', description: 'd', input: schema })).toThrow(
      /backtrack|regular expression/,
    );
    expect(() => defineAction({ name: 'stripped', description: 'd', input: stripped })).not.toThrow();
    expect(schema.properties.evil.pattern).toBe('^(a+)+$');
  });
});
