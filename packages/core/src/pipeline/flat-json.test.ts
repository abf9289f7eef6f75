import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlatJsonWriter } from './flat-json.js';

// Keys and strings from the whole UTF-16 range (quotes, backslashes, control characters, lone surrogates).
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);
const scalar = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(-0));
const value = fc.oneof(
  { weight: 20, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.array(fc.integer(), { maxLength: 2 }) },
  { weight: 1, arbitrary: fc.dictionary(text, fc.integer(), { maxKeys: 2 }) },
);

describe('createFlatJsonWriter', () => {
  it('writes exactly what JSON.stringify writes, or declines', () => {
    const write = createFlatJsonWriter();
    let written = 0;
    fc.assert(
      fc.property(fc.array(fc.dictionary(text, value, { maxKeys: 6 }), { maxLength: 4 }), (objects) => {
        for (const object of objects) {
          const json = write(object);
          if (json === undefined) continue;
          written++;
          expect(json).toBe(JSON.stringify(object));
        }
      }),
      { numRuns: 3_000 },
    );
    // The property would hold trivially for a writer that always declines.
    expect(written).toBeGreaterThan(500);
  });

  it('reuses its key prefixes across results of one shape, and follows a change of shape', () => {
    const write = createFlatJsonWriter();
    expect(write({ id: 'a', size: 2 })).toBe('{"id":"a","size":2}');
    expect(write({ id: 'b', size: 3.5 })).toBe('{"id":"b","size":3.5}');
    expect(write({ size: 3, id: 'c' })).toBe('{"size":3,"id":"c"}');
    expect(write({ ok: true, gone: null })).toBe('{"ok":true,"gone":null}');
    expect(write({ n: Number.NaN, m: -Infinity })).toBe('{"n":null,"m":null}');
  });

  it('declines what it does not write: class instances, nesting, escapes, empty objects', () => {
    const write = createFlatJsonWriter();
    expect(write(new Date(0))).toBeUndefined();
    expect(write({ toJSON: () => 'x' })).toBeUndefined();
    expect(write({ nested: { a: 1 } })).toBeUndefined();
    expect(write({ list: [1] })).toBeUndefined();
    expect(write({ quote: 'say "hi"' })).toBeUndefined();
    expect(write({ 'a"b': 1 })).toBeUndefined();
    expect(write({ big: 1n })).toBeUndefined();
    expect(write({})).toBeUndefined();
    // A declined key list does not poison the cache for the next result.
    expect(write({ a: 1 })).toBe('{"a":1}');
  });

  it('leaves out an enumerable key inherited from Object.prototype, as JSON.stringify does', () => {
    const write = createFlatJsonWriter();
    expect(write({ a: 1 })).toBe('{"a":1}');
    Object.defineProperty(Object.prototype, 'polluted', {
      value: 1,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      // Declining is fine (the caller then uses JSON.stringify); writing the inherited key is not.
      expect(write({ a: 2 }) ?? JSON.stringify({ a: 2 })).toBe('{"a":2}');
      expect(write({ b: 3 }) ?? JSON.stringify({ b: 3 })).toBe('{"b":3}');
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    expect(write({ a: 4 })).toBe('{"a":4}');
  });
});
