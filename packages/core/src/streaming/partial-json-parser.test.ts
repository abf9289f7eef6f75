import { describe, expect, it } from 'vitest';
import { PartialJsonError } from './partial-json-error.js';
import { createPartialJsonParser } from './partial-json-parser.js';

/** The value after each single character. */
function valuesPerCharacter(text: string): unknown[] {
  const parser = createPartialJsonParser();
  return [...text].map((char) => {
    parser.write(char);
    return structuredClone(parser.value());
  });
}

function errorOf(text: string | string[], options = {}): PartialJsonError {
  const parser = createPartialJsonParser(options);
  try {
    for (const chunk of typeof text === 'string' ? [text] : text) parser.write(chunk);
    parser.end();
  } catch (error) {
    return error as PartialJsonError;
  }
  throw new Error(`${JSON.stringify(text)} parsed`);
}

describe('createPartialJsonParser', () => {
  it('shows open strings as far as they go, keys only once named, numbers and literals only once certain', () => {
    expect(valuesPerCharacter('{"ab": "cd", "n": 12, "t": true}')).toEqual([
      {}, // {
      {}, // "
      {}, // a
      {}, // b
      {}, // "  (a key is never shown half-named, nor before its value starts)
      {}, // :
      {}, // space
      { ab: '' }, // "
      { ab: 'c' },
      { ab: 'cd' },
      { ab: 'cd' }, // "
      { ab: 'cd' }, // ,
      { ab: 'cd' },
      { ab: 'cd' },
      { ab: 'cd' },
      { ab: 'cd' },
      { ab: 'cd' },
      { ab: 'cd' },
      { ab: 'cd' }, // 1 (12 or 123?)
      { ab: 'cd' }, // 2
      { ab: 'cd', n: 12 }, // , makes it certain
      { ab: 'cd', n: 12 },
      { ab: 'cd', n: 12 },
      { ab: 'cd', n: 12 },
      { ab: 'cd', n: 12 },
      { ab: 'cd', n: 12 },
      { ab: 'cd', n: 12 },
      { ab: 'cd', n: 12 }, // t
      { ab: 'cd', n: 12 },
      { ab: 'cd', n: 12 },
      { ab: 'cd', n: 12, t: true }, // e completes the literal
      { ab: 'cd', n: 12, t: true },
    ]);
  });

  it('shows nothing before a value starts, and a top-level number only at end()', () => {
    const parser = createPartialJsonParser();
    parser.write('  -12.5e');
    expect(parser.value()).toBeUndefined();
    expect(parser.status).toBe('partial');
    parser.write('+2');
    expect(parser.value()).toBeUndefined();
    expect(parser.end()).toBe(-1250);
    expect(parser.status).toBe('ended');
  });

  it('decodes escapes split anywhere, and never shows half an escape or half a surrogate pair', () => {
    expect(valuesPerCharacter('["a\\n\\u00e9\\ud83d\\ude00"]')).toEqual([
      [],
      [''],
      ['a'],
      ['a'], // backslash
      ['a\n'],
      ['a\n'],
      ['a\n'],
      ['a\n'],
      ['a\n'],
      ['a\n'],
      ['a\né'],
      ['a\né'],
      ['a\né'],
      ['a\né'],
      ['a\né'],
      ['a\né'],
      ['a\né'], // \ud83d decoded, held back until its pair arrives
      ['a\né'],
      ['a\né'],
      ['a\né'],
      ['a\né'],
      ['a\né'],
      ['a\né😀'],
      ['a\né😀'],
      ['a\né😀'],
    ]);
    const parser = createPartialJsonParser();
    parser.write('"x\ud83d');
    expect(parser.value()).toBe('x');
    parser.write('\ude00"');
    expect(parser.end()).toBe('x😀');
  });

  it('keeps a lone surrogate once it is clear no pair follows, as JSON.parse does', () => {
    const parser = createPartialJsonParser();
    parser.write('"\\ud83d');
    parser.write('x"');
    expect(parser.end()).toBe(JSON.parse('"\\ud83dx"'));
  });

  it('skips a byte order mark at the start and whitespace anywhere', () => {
    const parser = createPartialJsonParser();
    parser.write('\uFEFF \r\n\t{ "a" \n: [ 1 ,\t2 ] } \n');
    expect(parser.end()).toEqual({ a: [1, 2] });
  });

  it('makes __proto__ an own member, like JSON.parse', () => {
    const parser = createPartialJsonParser();
    parser.write('{"__proto__": {"polluted": true}, "a": 1}');
    const value = parser.end() as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(value).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'));
  });

  it('says where the text broke and what was expected', () => {
    expect(errorOf('{"a": 1,\n  "b" 2}')).toMatchObject({
      code: 'unexpected_character',
      offset: 15,
      line: 2,
      column: 7,
      expected: "':'",
      message: "unexpected '2' after a key; expected ':' at line 2, column 7 (offset 15)",
    });
    expect(errorOf(['[1, ', '{"a": "b'])).toMatchObject({
      code: 'unexpected_end',
      offset: 12,
      expected: "'\"' to close the string",
    });
    expect(errorOf('[1,]')).toMatchObject({ code: 'unexpected_character', offset: 3, expected: 'a value' });
    expect(errorOf('01')).toMatchObject({
      code: 'unexpected_character',
      offset: 1,
      expected: 'the end of the text',
    });
    expect(errorOf('"\\x"')).toMatchObject({ code: 'unexpected_character', offset: 2 });
    expect(errorOf('"\\u12g4"')).toMatchObject({
      code: 'unexpected_character',
      offset: 5,
      expected: 'a hexadecimal digit',
    });
    expect(errorOf('"a\tb"')).toMatchObject({ code: 'unexpected_character', offset: 2 });
    expect(errorOf('nul')).toMatchObject({ code: 'unexpected_end', expected: "'null'" });
    expect(errorOf('[-]')).toMatchObject({ code: 'unexpected_character', offset: 2, expected: 'a digit' });
    expect(errorOf('')).toMatchObject({ code: 'unexpected_end', offset: 0, expected: 'a value' });
  });

  it('bounds nesting and length with typed errors', () => {
    expect(errorOf('[[[[1]]]]', { maxDepth: 3 })).toMatchObject({ code: 'too_deep', offset: 3 });
    expect(createPartialJsonParser().write.bind(createPartialJsonParser(), '['.repeat(512))).not.toThrow();
    expect(errorOf('['.repeat(513))).toMatchObject({ code: 'too_deep', offset: 512 });
    expect(errorOf(['{"a":', '"long"}'], { maxLength: 8 })).toMatchObject({ code: 'too_large', offset: 8 });
  });

  it('keeps failing with the same error after one, and keeps the last good value', () => {
    const parser = createPartialJsonParser();
    parser.write('{"a": [1, 2');
    parser.write(', 3]');
    const good = parser.value();
    expect(() => parser.write('x')).toThrow(PartialJsonError);
    const error = parser.error!;
    expect(() => parser.write('}')).toThrow(error);
    expect(() => parser.end()).toThrow(error);
    expect(parser.status).toBe('failed');
    expect(parser.value()).toBe(good);
  });

  it('rejects non-string chunks and writes after end', () => {
    const parser = createPartialJsonParser();
    expect(() => parser.write(42 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'invalid_chunk' }),
    );
    const ended = createPartialJsonParser();
    ended.write('[]');
    expect(ended.end()).toEqual([]);
    expect(ended.end()).toEqual([]);
    expect(() => ended.write(' ')).toThrow(expect.objectContaining({ code: 'write_after_end' }));
  });

  it('never mutates a snapshot it handed out', () => {
    const text = '{"a": {"b": [1, "xy"]}, "c": ["p", {"q": "rs"}], "d": "tail"}';
    const parser = createPartialJsonParser();
    const taken: Array<{ value: unknown; json: string }> = [];
    for (const char of text) {
      parser.write(char);
      const value = parser.value();
      taken.push({ value, json: JSON.stringify(value) ?? 'undefined' });
    }
    parser.end();
    for (const { value, json } of taken) expect(JSON.stringify(value) ?? 'undefined').toBe(json);
  });

  it('shares unchanged subtrees between snapshots and re-creates only the open path', () => {
    const parser = createPartialJsonParser();
    parser.write('{"done": {"x": [1, 2]}, "list": [{"k": 1}, {"k": "a');
    const first = parser.value() as { done: object; list: Array<{ k: unknown }> };
    expect(parser.value()).toBe(first); // nothing new: the same snapshot
    parser.write('b');
    const second = parser.value() as typeof first;
    expect(second).not.toBe(first);
    expect(second.done).toBe(first.done);
    expect(second.list).not.toBe(first.list);
    expect(second.list[0]).toBe(first.list[0]);
    expect(second.list[1]).not.toBe(first.list[1]);
    expect(first.list[1]).toEqual({ k: 'a' });
    expect(second.list[1]).toEqual({ k: 'ab' });
    parser.write('"}]}');
    const final = parser.end() as typeof first;
    expect(final.done).toBe(first.done);
    expect(final.list[0]).toBe(first.list[0]);
    expect(final).toEqual(JSON.parse('{"done": {"x": [1, 2]}, "list": [{"k": 1}, {"k": "ab"}]}'));
  });

  it('reads integers whole inside a chunk exactly as JSON.parse does, and waits at a chunk end', () => {
    const text = '[-0, 0, 7, -12, 123456789012345, -1234567890123456789, 9007199254740993, 1.5, 2e3, 10]';
    for (const size of [1, 3, 8, text.length]) {
      const parser = createPartialJsonParser();
      for (let at = 0; at < text.length; at += size) parser.write(text.slice(at, at + size));
      const value = parser.end() as number[];
      expect(value).toEqual(JSON.parse(text));
      expect(Object.is(value[0], -0)).toBe(true);
    }
    const parser = createPartialJsonParser();
    parser.write('[12');
    expect(parser.value()).toEqual([]); // 12 may still become 123
    parser.write('3,');
    expect(parser.value()).toEqual([123]);
    expect(() => createPartialJsonParser().write('[01]')).toThrow(PartialJsonError);
    expect(() => createPartialJsonParser().write('[-]')).toThrow(PartialJsonError);
  });

  it('returns the same snapshot while only invisible text (keys, numbers, whitespace) arrives', () => {
    const parser = createPartialJsonParser();
    parser.write('{"a": 1, ');
    const before = parser.value();
    for (const chunk of ['"lon', 'g key"', ' : ', '12', '34']) {
      parser.write(chunk);
      expect(parser.value()).toBe(before);
    }
    parser.write('}');
    expect(parser.value()).toEqual({ a: 1, 'long key': 1234 });
  });
});
