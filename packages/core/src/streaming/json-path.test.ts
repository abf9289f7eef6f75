import { describe, expect, it } from 'vitest';
import { parseJsonPath, setAtPath } from './json-path.js';
import type { JsonValue } from './partial-json-parser.js';

describe('parseJsonPath', () => {
  it('reads dotted names, indexes and quoted names', () => {
    expect(parseJsonPath('$')).toEqual([]);
    expect(parseJsonPath('$.recipe.ingredients[10].name')).toEqual(['recipe', 'ingredients', 10, 'name']);
    expect(parseJsonPath(`$['a b']["c\\"d"][0]`)).toEqual(['a b', 'c"d', 0]);
  });

  it('refuses anything else', () => {
    for (const path of ['', 'a.b', '$..a', '$[*]', '$.a[', '$.a[-1]', "$['a]"])
      expect(parseJsonPath(path)).toBeUndefined();
  });
});

describe('setAtPath', () => {
  it('copies only the containers on the path', () => {
    type Shape = { keep: JsonValue; list: JsonValue[] };
    const root: Shape = { keep: { deep: [1] }, list: [{ a: 1 }, { b: 2 }] };
    const next = setAtPath(root, ['list', 1, 'b'], 3, false) as Shape;
    expect(next).toEqual({ keep: { deep: [1] }, list: [{ a: 1 }, { b: 3 }] });
    expect(root.list[1]).toEqual({ b: 2 });
    expect(next.keep).toBe(root.keep);
    expect(next.list[0]).toBe(root.list[0]);
  });

  it('creates containers, appends strings and places __proto__ as an own member', () => {
    let value = setAtPath(undefined, ['a', 0], 'he', false);
    value = setAtPath(value, ['a', 0], 'llo', true);
    value = setAtPath(value, ['a', 1], null, false);
    value = setAtPath(value, ['__proto__'], 1, false);
    expect(value).toEqual(JSON.parse('{"a": ["hello", null], "__proto__": 1}'));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('throws a TypeError when the path does not fit', () => {
    expect(() => setAtPath({ a: 'x' }, ['a', 'b'], 1, false)).toThrow(TypeError);
    expect(() => setAtPath({ a: {} }, ['a', 0], 1, false)).toThrow(TypeError);
    expect(() => setAtPath({ a: [] }, ['a', 2], 1, false)).toThrow('skips elements');
  });
});
