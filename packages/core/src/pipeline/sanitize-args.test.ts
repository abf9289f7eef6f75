import { describe, expect, it } from 'vitest';
import { sanitizeArgs } from './sanitize-args.js';

const limits = { maxChars: 1_000, maxDepth: 4, maxNodes: 50 };

describe('sanitizeArgs', () => {
  it('copies plain data and reports nulls', () => {
    const args = { a: [1, { b: null }], c: 'x' };
    const copied = sanitizeArgs(args, limits);
    expect(copied).toEqual({ value: args, hasNull: true });
    expect('value' in copied && copied.value).not.toBe(args);
  });

  it('gives the path of the first problem, from the root down', () => {
    const hostile = JSON.parse('{"a":[0,{"b":{"__proto__":1}}]}');
    expect(sanitizeArgs(hostile, limits, { fresh: true })).toEqual({
      problem: { message: "the key '__proto__' is not allowed", path: ['a', 1, 'b', '__proto__'] },
    });
    expect(sanitizeArgs({ a: [{ when: () => 1 }] }, limits)).toEqual({
      problem: { message: 'a function is not JSON data', path: ['a', 0, 'when'] },
    });
    expect(sanitizeArgs({ a: { b: { c: { d: { e: 1 } } } } }, limits)).toEqual({
      problem: { message: 'the arguments are nested deeper than 4 levels', path: ['a', 'b', 'c', 'd'] },
    });
    const cycle: Record<string, unknown> = { n: 1 };
    cycle.self = { back: cycle };
    expect(sanitizeArgs(cycle, limits)).toEqual({
      problem: { message: 'the arguments contain a cycle', path: ['self', 'back'] },
    });
    expect(sanitizeArgs({ bad: Number.NaN }, limits)).toEqual({
      problem: { message: 'NaN is not a JSON number', path: ['bad'] },
    });
  });

  // The one-loop path for flat objects must refuse and copy exactly what the walk does.
  it('treats flat objects of scalars like the walk does', () => {
    let reads = 0;
    const withGetter = {
      get color() {
        reads++;
        return '#ff0000';
      },
    };
    const copied = sanitizeArgs(withGetter, limits);
    expect(copied).toEqual({ value: { color: '#ff0000' }, hasNull: false });
    expect(reads).toBe(1); // read once, when copied: the copy holds a data property
    expect(sanitizeArgs(JSON.parse('{"__proto__":1}'), limits, { fresh: true })).toEqual({
      problem: { message: "the key '__proto__' is not allowed", path: ['__proto__'] },
    });
    expect(sanitizeArgs({ a: undefined }, limits)).toEqual({
      problem: { message: 'a undefined is not JSON data', path: ['a'] },
    });
    expect(sanitizeArgs({ a: 'x'.repeat(1_001) }, limits)).toEqual({
      problem: { message: 'the arguments are longer than 1000 characters', path: ['a'] },
    });
    const wide = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`k${index}`, index]));
    expect(sanitizeArgs(wide, limits)).toEqual({
      problem: { message: 'the arguments have more than 50 values', path: ['k49'] },
    });
    expect(sanitizeArgs(new Map(), limits)).toEqual({
      problem: { message: 'a Map instance is not JSON data', path: [] },
    });
    const fresh = JSON.parse('{"a":1,"b":null}');
    expect(sanitizeArgs(fresh, limits, { fresh: true })).toEqual({ value: fresh, hasNull: true });
  });
});
