import { describe, expect, it } from 'vitest';
import { actionSyntax, printSyntax } from './action-syntax.js';
import { placeholderText } from './placeholder.js';

describe('placeholderText', () => {
  it('builds the words from description, example, pattern, enum, bounds, default and optionality', () => {
    expect(
      placeholderText({ type: 'string', description: 'Hex color', examples: ['#ff0000'] }, 'color', true),
    ).toBe('hex color such as #ff0000');
    expect(placeholderText({ type: 'string', pattern: '^#[0-9a-f]{6}$' }, 'fillColor', true)).toBe(
      'fill color matching ^#[0-9a-f]{6}$',
    );
    expect(
      placeholderText(
        { type: 'integer', description: 'Font size in px.', minimum: 8, maximum: 96 },
        'size',
        false,
      ),
    ).toBe('font size in px, integer from 8 to 96, optional');
    expect(placeholderText({ enum: ['left', 'right'] }, 'align', true)).toBe('align: one of left, right');
    expect(placeholderText({ type: 'boolean', default: true }, 'bold', false)).toBe(
      'bold, true or false, default true, optional',
    );
    expect(
      placeholderText({ type: 'string', description: 'URL of the image', format: 'uri' }, 'url', true),
    ).toBe('URL of the image, uri');
    expect(placeholderText({ type: 'array', minItems: 1 }, 'tags', true)).toBe(
      'tags, list of at least 1 items',
    );
  });
});

describe('actionSyntax', () => {
  it('puts the action name first, fixes given values and nests objects and lists', () => {
    const schema = {
      type: 'object',
      properties: {
        blockId: { type: 'string', description: 'Id of the shape to act on' },
        size: { anyOf: [{ type: 'number' }, { type: 'null' }], description: 'Size' },
        points: {
          type: 'array',
          items: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
        },
        kind: { const: 'circle' },
      },
      required: ['blockId', 'points'],
    };
    expect(printSyntax(actionSyntax('shape_draw', schema, { blockId: 'shape-1' }))).toBe(
      [
        '{',
        '  "action": "shape_draw",',
        '  "blockId": "shape-1",',
        '  "size": {size, number, optional},',
        '  "points": [',
        '    {',
        '      "x": {x, number}',
        '    },',
        '    ...',
        '  ],',
        '  "kind": "circle"',
        '}',
      ].join('\n'),
    );
  });
});
