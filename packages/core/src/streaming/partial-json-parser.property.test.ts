import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPrefixConsistent } from '../../../../test/support/streams-prefix-consistent.js';
import { PartialJsonError } from './partial-json-error.js';
import { createPartialJsonParser, type JsonValue } from './partial-json-parser.js';

const WHITESPACE = ['', ' ', '\n', '\t', '\r\n', '  '];

/** JSON text for `value` with whitespace from `spaces` between tokens and some characters as `\u` escapes. */
function serialize(value: unknown, spaces: readonly number[], escapes: readonly boolean[]): string {
  let turn = 0;
  const space = () => WHITESPACE[(spaces[turn++ % spaces.length] ?? 0) % WHITESPACE.length]!;
  const string = (text: string) => {
    let out = '"';
    for (const char of text) {
      for (let unit = 0; unit < char.length; unit++) {
        const code = char.charCodeAt(unit);
        if (escapes[turn++ % escapes.length] || code < 0x20 || char === '"' || char === '\\') {
          out += `\\u${code.toString(16).padStart(4, '0')}`;
        } else out += char[unit];
      }
    }
    return `${out}"`;
  };
  const write = (node: unknown): string => {
    if (typeof node === 'string') return string(node);
    if (node === null || typeof node !== 'object') return JSON.stringify(node);
    if (Array.isArray(node))
      return `[${space()}${node.map((item) => `${write(item)}${space()}`).join(`,${space()}`)}]`;
    const members = Object.entries(node).map(
      ([key, item]) => `${string(key)}${space()}:${space()}${write(item)}${space()}`,
    );
    return `{${space()}${members.join(`,${space()}`)}}`;
  };
  return `${space()}${write(value)}${space()}`;
}

/** Split at the given cut points (any UTF-16 index, so surrogate pairs and escapes split too). */
function split(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}

const unicodeText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('😀', '𝄞', '\u{10FFFF}', 'é', '"', '\\', '\n', '\u0000', '\u2028'),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
});
const jsonValue = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(unicodeText, fc.oneof(unicodeText, fc.jsonValue({ maxDepth: 2 }))),
  fc.array(unicodeText),
);

describe('createPartialJsonParser (properties)', () => {
  it('every value() is prefix-consistent with the end, and end() equals JSON.parse', () => {
    fc.assert(
      fc.property(
        jsonValue,
        fc.array(fc.nat(), { minLength: 1 }),
        fc.array(fc.boolean(), { minLength: 1 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (value, spaces, escapes, cuts) => {
          const text = serialize(value, spaces, escapes);
          const parser = createPartialJsonParser();
          const seen: unknown[] = [];
          for (const chunk of split(text, cuts)) {
            parser.write(chunk);
            seen.push(parser.value());
          }
          const final = parser.end();
          expect(final).toEqual(JSON.parse(text));
          for (const partial of seen) expect(isPrefixConsistent(partial, final)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never shows half a surrogate pair, even when a delta splits one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('😀', '𝄞', 'a', '\\ud83d\\ude00', '\\n'), { minLength: 1 }),
        fc.array(fc.nat()),
        (pieces, cuts) => {
          const text = `["${pieces.join('')}"]`;
          const parser = createPartialJsonParser();
          for (const chunk of split(text, cuts)) {
            parser.write(chunk);
            const shown = (parser.value() as string[] | undefined)?.[0] ?? '';
            expect(shown).not.toMatch(
              /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
            );
          }
          expect(parser.end()).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it('accepts exactly what JSON.parse accepts; bad text throws only PartialJsonError', () => {
    const nearJson = fc
      .tuple(
        fc.jsonValue(),
        fc.nat(),
        fc.string({
          maxLength: 4,
          unit: fc.constantFrom(
            '{',
            '}',
            '[',
            ']',
            ',',
            ':',
            '"',
            '\\',
            'e',
            '-',
            '.',
            '0',
            't',
            'n',
            ' ',
            'x',
            '\u0001',
          ),
        }),
      )
      .map(([value, at, junk]) => {
        const text = JSON.stringify(value);
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + junk + text.slice(cut);
      });
    fc.assert(
      fc.property(
        fc.oneof(nearJson, fc.string(), fc.string({ unit: 'binary' })),
        fc.array(fc.nat(), { maxLength: 8 }),
        (text, cuts) => {
          let expected: { value: unknown } | undefined;
          try {
            expected = { value: JSON.parse(text) };
          } catch {
            expected = undefined;
          }
          const parser = createPartialJsonParser();
          let outcome: { value: JsonValue } | PartialJsonError;
          try {
            for (const chunk of split(text, cuts)) parser.write(chunk);
            outcome = { value: parser.end() };
          } catch (error) {
            expect(error).toBeInstanceOf(PartialJsonError);
            outcome = error as PartialJsonError;
          }
          if (expected) expect(outcome).toEqual(expected);
          else {
            expect(outcome).toBeInstanceOf(PartialJsonError);
            expect(() => parser.write('1')).toThrow(outcome as PartialJsonError);
            expect(() => parser.end()).toThrow(outcome as PartialJsonError);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
