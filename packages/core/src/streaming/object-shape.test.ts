import { describe, expect, it } from 'vitest';
import { PartialJsonError } from './partial-json-error.js';
import { createPartialJsonParser } from './partial-json-parser.js';

/** Stream `text` one character at a time, checking that no snapshot changes after it is handed out. */
function streamEachCharacter(text: string): unknown {
  const parser = createPartialJsonParser();
  const taken: Array<{ value: unknown; json: string }> = [];
  for (const char of text) {
    parser.write(char);
    const value = parser.value();
    taken.push({ value, json: JSON.stringify(value) ?? 'undefined' });
  }
  const final = parser.end();
  for (const { value, json } of taken) expect(JSON.stringify(value) ?? 'undefined').toBe(json);
  return final;
}

describe('compiled copies of repeated object shapes', () => {
  it('copies records with keys that need escaping exactly as JSON.parse builds them', () => {
    // Enough records of each shape that their copiers and builders get compiled.
    const keys = ['plain', 'with "quotes"', 'back\\slash', 'line\u2028sep', '1', 'constructor', '__proto__'];
    const rows = Array.from({ length: 40 }, (_, index) =>
      Object.fromEntries(keys.slice(0, 2 + (index % 6)).map((key, at) => [key, `${key}-${index}-${at}`])),
    );
    const text = JSON.stringify({ rows, nested: [[[[[[[[[rows.slice(0, 20)]]]]]]]]] });
    const final = streamEachCharacter(text) as { rows: Array<Record<string, unknown>> };
    expect(final).toEqual(JSON.parse(text));
    const last = final.rows.at(-1)!;
    expect(Object.keys(last)).toEqual(Object.keys(JSON.parse(text).rows.at(-1)));
    const withProto = final.rows.find((row) => Object.hasOwn(row, '__proto__'))!;
    expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
  });

  it('repeats duplicate keys as JSON.parse does (first place, last value) in every copy', () => {
    const row = '{"a": 1, "b": "x", "a": "y"}';
    const text = `[${Array.from({ length: 30 }, () => row).join(', ')}]`;
    expect(streamEachCharacter(text)).toEqual(JSON.parse(text));
  });

  it('matches a predicted key only when the text holds exactly that key', () => {
    const rows = Array.from({ length: 20 }, (_, id) => `{"id": ${id}, "a\\"b": 1}`).join(', ');
    // A longer key starting like the predicted one, and a key with the predicted key's text unescaped.
    const longer = createPartialJsonParser();
    longer.write(`[${rows}, {"idx": 1, "a\\"bc": 2}]`);
    expect(longer.end()).toEqual(JSON.parse(`[${rows}, {"idx": 1, "a\\"bc": 2}]`));
    const unescaped = createPartialJsonParser();
    expect(() => unescaped.write(`[${rows}, {"id": 1, "a"b": 2}]`)).toThrow(PartialJsonError);
    expect(unescaped.error?.code).toBe('unexpected_character');
  });
});
