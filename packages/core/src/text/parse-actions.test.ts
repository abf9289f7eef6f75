import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseActions } from './parse-actions.js';
import type { ParsedActions } from './types.js';

const COLOR = { blockId: 'shape-1', color: '#ff0000' };

// The messy outputs of issue 4: each row is an answer and the one call it must give.
const JSON_TABLE: Array<{ name: string; text: string; args: Record<string, unknown>; repaired: boolean }> = [
  {
    name: 'JSON after prose',
    text: 'The shape should be red, so I change its color.\n{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000"}',
    args: COLOR,
    repaired: false,
  },
  {
    name: 'inside a bare fence',
    text: 'Step 1: pick the shape.\n```\n{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000"}\n```',
    args: COLOR,
    repaired: false,
  },
  {
    name: 'inside a json fence with trailing commentary',
    text: '```json\n{\n  "action": "shape_updateColor",\n  "blockId": "shape-1",\n  "color": "#ff0000"\n}\n```\nThis makes it red. Let me know {if} you need more.',
    args: COLOR,
    repaired: false,
  },
  {
    name: 'inside an agent-action fence',
    text: 'Reasoning.\n```agent-action\n{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000"}\n```',
    args: COLOR,
    repaired: false,
  },
  {
    name: 'single quotes',
    text: "I'll do it: {'action': 'shape_updateColor', 'blockId': 'shape-1', 'color': '#ff0000'}",
    args: COLOR,
    repaired: true,
  },
  {
    name: 'trailing commas',
    text: '{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000",}',
    args: COLOR,
    repaired: true,
  },
  {
    name: 'unquoted keys',
    text: 'Doing it now {action: "shape_updateColor", blockId: "shape-1", color: "#ff0000"}',
    args: COLOR,
    repaired: true,
  },
  {
    name: 'cut-off ending',
    text: 'Changing the color.\n{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000',
    args: COLOR,
    repaired: true,
  },
  {
    name: 'cut-off inside a fence',
    text: '```json\n{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000"',
    args: COLOR,
    repaired: true,
  },
  {
    name: 'Python literals and a comment',
    text: '{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000", "x": None} // done',
    args: { ...COLOR, x: null },
    repaired: true,
  },
  {
    name: 'braces inside string values',
    text: 'Set the text: {"action": "markdown_setText", "blockId": "md-1", "text": "use {curly} and \\"quotes\\" }"}',
    args: { blockId: 'md-1', text: 'use {curly} and "quotes" }' },
    repaired: false,
  },
  {
    name: 'an unmatched brace in the prose before',
    text: 'Think of it as a set { like this.\n{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000"}',
    args: COLOR,
    repaired: false,
  },
  {
    name: 'a wrapper object around the action',
    text: '{"thought": "make it red", "next": {"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000"}}',
    args: COLOR,
    repaired: false,
  },
];

function only(parsed: ParsedActions) {
  expect(parsed.calls).toHaveLength(1);
  return parsed.calls[0]!;
}

describe('parseActions, json format', () => {
  for (const row of JSON_TABLE) {
    it(`reads ${row.name}`, () => {
      const parsed = parseActions(row.text, { format: 'json' });
      const call = only(parsed);
      expect(call.name).toBe(
        row.name === 'braces inside string values' ? 'markdown_setText' : 'shape_updateColor',
      );
      expect(call.args).toEqual(row.args);
      expect(call.repaired).toBe(row.repaired);
      expect(call.raw).toBe(row.text.slice(call.span.start, call.span.end));
      expect(parsed.errors).toEqual([]);
    });
  }

  it('takes the final action object and reports the earlier ones as ignored', () => {
    const text = 'First {"action": "a", "n": 1}, then {"action": "b", "n": 2}. Also {"not": "an action"}.';
    const parsed = parseActions(text, { format: 'json' });
    expect(only(parsed)).toMatchObject({ name: 'b', args: { n: 2 } });
    expect(parsed.errors).toEqual([
      expect.objectContaining({
        code: 'ignored_action',
        raw: '{"action": "a", "n": 1}',
        span: { start: 6, end: 29 },
      }),
    ]);
  });

  it('reads the done action with no parameters', () => {
    expect(only(parseActions('All set.\n{"action": "done"}', { format: 'json' }))).toMatchObject({
      name: 'done',
      args: {},
    });
  });

  it('reports a final action that cannot be read even when an earlier one can', () => {
    const text = '{"action": "a"} and then {"action": 42}';
    const parsed = parseActions(text, { format: 'json' });
    expect(only(parsed).name).toBe('a');
    expect(parsed.errors.map((error) => error.code)).toEqual(['invalid_action_name']);
  });

  it('lists broken action objects in text order', () => {
    const parsed = parseActions('{"action": 1} then {"action": ""} then {"action": "x", : }', {
      format: 'json',
    });
    expect(parsed.errors.map((error) => error.code)).toEqual([
      'invalid_action_name',
      'invalid_action_name',
      'invalid_json',
    ]);
    expect(parsed.errors[0]!.raw).toBe('{"action": 1}');
  });

  it('gives typed errors for what it cannot read', () => {
    expect(
      parseActions('Just an answer, no JSON.', { format: 'json' }).errors.map((error) => error.code),
    ).toEqual(['no_action']);
    expect(parseActions('{"name": "shape_updateColor", "arguments": {}}', { format: 'json' }).errors).toEqual(
      [
        expect.objectContaining({
          code: 'missing_action',
          raw: '{"name": "shape_updateColor", "arguments": {}}',
        }),
      ],
    );
    expect(parseActions('{"action": ""}', { format: 'json' }).errors.map((error) => error.code)).toEqual([
      'invalid_action_name',
    ]);
    expect(parseActions('{"action": "x", : }', { format: 'json' }).errors.map((error) => error.code)).toEqual(
      ['invalid_json'],
    );
  });
});

describe('parseActions, fenced format', () => {
  it('takes every agent-action block in order', () => {
    const text = [
      'First I recolor, then I resize.',
      '```agent-action',
      '{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000"}',
      '```',
      'and',
      '```agent-action',
      "{'action': 'shape_resize', 'blockId': 'shape-1', 'width': 10,}",
      '```',
    ].join('\n');
    const parsed = parseActions(text, { format: 'fenced' });
    expect(parsed.format).toBe('fenced');
    expect(parsed.calls.map((call) => [call.name, call.repaired])).toEqual([
      ['shape_updateColor', false],
      ['shape_resize', true],
    ]);
    expect(parsed.calls[1]!.args).toEqual({ blockId: 'shape-1', width: 10 });
  });

  it('ignores JSON outside the blocks and other fences', () => {
    const text =
      '{"action": "outside"}\n```json\n{"action": "json-fence"}\n```\n```agent-action\n{"action": "inside"}\n```';
    expect(parseActions(text, { format: 'fenced' }).calls.map((call) => call.name)).toEqual(['inside']);
  });

  it('reads a block cut off before its closing fence, and one written inline', () => {
    expect(
      only(parseActions('```agent-action\n{"action": "a", "x": "y', { format: 'fenced' })),
    ).toMatchObject({
      name: 'a',
      args: { x: 'y' },
      repaired: true,
    });
    expect(
      only(parseActions('Doing it: ```agent-action {"action": "b"}```', { format: 'fenced' })).name,
    ).toBe('b');
  });

  it('gives a typed error for each block it cannot use', () => {
    const text = [
      '```agent-action',
      '{"type": "decision", "content": "use TypeScript"}',
      '```',
      '```agent-action',
      '```',
      '```agent-action',
      '[{"action": "a"}]',
      '```',
      '```agent-action',
      '{"color": "red"}',
      '```',
      '```agent-action',
      '{"action": "x", : }',
      '```',
    ].join('\n');
    const parsed = parseActions(text, { format: 'fenced' });
    expect(parsed.calls).toEqual([]);
    expect(parsed.errors.map((error) => error.code)).toEqual([
      'not_an_action',
      'invalid_json',
      'not_an_object',
      'missing_action',
      'invalid_json',
    ]);
  });

  it('says so when there is no block', () => {
    expect(parseActions('{"action": "a"}', { format: 'fenced' }).errors.map((error) => error.code)).toEqual([
      'no_action',
    ]);
  });
});

describe('parseActions, auto format', () => {
  it('reads fenced blocks when there are any, JSON otherwise', () => {
    expect(parseActions('```agent-action\n{"action": "a"}\n```\n{"action": "b"}').format).toBe('fenced');
    const json = parseActions('```json\n{"action": "b"}\n```');
    expect(json.format).toBe('json');
    expect(only(json).name).toBe('b');
  });

  it('refuses an unknown format option', () => {
    expect(() => parseActions('x', { format: 'xml' as 'json' })).toThrow(/format must be/);
  });
});

describe('parseActions on any input', () => {
  const pieces = fc.constantFrom(
    '{',
    '}',
    '[',
    ']',
    '"',
    "'",
    '\\',
    ':',
    ',',
    '\n',
    ' ',
    '```',
    '```agent-action\n',
    '```json\n',
    '~~~',
    'action',
    '"action"',
    '{"action": "a"',
    'x',
    'é',
    '\u0000',
    '//',
    'None',
    '{"type": "note", "content": "c"}',
  );
  const texts = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.array(pieces, { maxLength: 80 }).map((parts) => parts.join('')),
  );

  it('never throws, and every call and error points at its own text', () => {
    fc.assert(
      fc.property(
        texts,
        fc.constantFrom('json', 'fenced', 'auto') as fc.Arbitrary<'json' | 'fenced' | 'auto'>,
        (text, format) => {
          const parsed = parseActions(text, { format });
          for (const call of parsed.calls) {
            expect(call.raw).toBe(text.slice(call.span.start, call.span.end));
            expect(typeof call.name).toBe('string');
            expect(call.name).not.toBe('');
            expect(call.args).not.toHaveProperty('action');
          }
          for (const error of parsed.errors)
            if (error.span) expect(error.raw).toBe(text.slice(error.span.start, error.span.end));
          if (format === 'json') expect(parsed.calls.length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads huge and hostile inputs to the end', () => {
    const prose = 'lorem ipsum dolor sit amet '.repeat(40_000);
    const action = '{"action": "done"}';
    expect(only(parseActions(`${prose}${action}`, { format: 'json' })).span.start).toBe(prose.length);
    // Deep nesting, endless openers, unbalanced quotes and many small objects.
    for (const hostile of [
      '{'.repeat(200_000),
      '{"a":'.repeat(50_000),
      `{"${'"'.repeat(100_000)}`,
      '{}'.repeat(100_000),
      '{x}'.repeat(50_000),
    ]) {
      const parsed = parseActions(`${hostile}\n${action}`, { format: 'auto' });
      expect(parsed.errors.length + parsed.calls.length).toBeGreaterThan(0);
    }
    expect(parseActions('```agent-action\n'.repeat(50_000), { format: 'fenced' }).calls).toEqual([]);
    // Runs of quotes make jsonrepair slower than linear; the repair budget keeps a parse bounded.
    const quoteBlocks = `\`\`\`agent-action\n{"${'"'.repeat(20_000)}\n\`\`\`\n`.repeat(40);
    const fenced = parseActions(`${quoteBlocks}\`\`\`agent-action\n${action}\n\`\`\``, { format: 'fenced' });
    expect(fenced.calls.map((call) => call.name)).toEqual(['done']);
    expect(fenced.errors).toHaveLength(40);
  });
});
