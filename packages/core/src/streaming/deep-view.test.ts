import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPrefixConsistent } from '../../../../test/support/streams-prefix-consistent.js';
import { isArrayView } from './array-view.js';
import { isDeepView } from './deep-view.js';
import { createPartialJsonParser, type JsonValue } from './partial-json-parser.js';
import { DEEP, WIDE } from './snapshot-tree.js';

type Node = { id: string; children: Node[] };

/** `value` wrapped in `levels` containers, alternating objects (`{"in": …}`) and one-element arrays. */
function wrap(value: unknown, levels: number): unknown {
  let wrapped = value;
  for (let level = levels - 1; level >= 0; level--)
    wrapped = level % 2 === 0 ? { level, in: wrapped } : [level, wrapped];
  return wrapped;
}

/** The container at `depth` on the open path of a snapshot made by `wrap` (depth 0 is the root). */
function at(value: unknown, depth: number): unknown {
  let node = value;
  for (let level = 0; level < depth; level++)
    node = level % 2 === 0 ? (node as { in: unknown }).in : (node as unknown[])[1];
  return node;
}

/**
 * Every snapshot taken after each delta of `size` characters, with its JSON read at once, and its JSON read
 * only after `end()` from a second parser fed the same deltas (lazy views are first read then).
 */
function snapshotsOf(text: string, size: number) {
  const parser = createPartialJsonParser();
  const unread = createPartialJsonParser();
  const taken: Array<{ value: JsonValue | undefined; json: string; late: string }> = [];
  const kept: Array<JsonValue | undefined> = [];
  for (let index = 0; index < text.length; index += size) {
    const delta = text.slice(index, index + size);
    parser.write(delta);
    unread.write(delta);
    const value = parser.value();
    taken.push({ value, json: JSON.stringify(value) ?? 'undefined', late: '' });
    kept.push(unread.value());
  }
  const final = parser.end();
  unread.end();
  for (const [index, value] of kept.entries()) taken[index]!.late = JSON.stringify(value) ?? 'undefined';
  return { taken, final };
}

describe('partial JSON snapshots of deep open paths', () => {
  it('shows the container at depth DEEP as a read-only lazy view that behaves like plain JSON', () => {
    const text = JSON.stringify(wrap({ name: 'leaf value', list: [1, 2, { x: 'y' }] }, DEEP + 4));
    const parser = createPartialJsonParser();
    parser.write(text.slice(0, text.indexOf('leaf') + 4));
    const snapshot = parser.value();
    const plain = JSON.parse(JSON.stringify(snapshot)) as unknown;
    expect(isDeepView(at(snapshot, DEEP - 1))).toBe(false);
    const view = at(snapshot, DEEP) as Record<string, unknown>;
    expect(isDeepView(view)).toBe(true);
    expect(Array.isArray(view)).toBe(Array.isArray(at(plain, DEEP)));
    expect(Object.keys(view)).toEqual(Object.keys(at(plain, DEEP) as object));
    expect(view).toEqual(at(plain, DEEP));
    expect(snapshot).toEqual(plain);
    const copy = Array.isArray(view) ? [...(view as unknown as unknown[])] : { ...view };
    expect(copy).toEqual(at(plain, DEEP));
    expect(at(snapshot, DEEP + 4)).toEqual({ name: 'leaf' });
    // The same child on every read, and plain below the view.
    expect(at(snapshot, DEEP + 1)).toBe(at(snapshot, DEEP + 1));
    expect(isDeepView(at(snapshot, DEEP + 1))).toBe(false);
    expect(() => {
      view.level = 1;
    }).toThrow(TypeError);
    expect(() => Reflect.deleteProperty(view, 'in')).toThrow(TypeError);
    expect(() => Object.defineProperty(view, 'x', { value: 1 })).toThrow(TypeError);
    // Read after the parser has moved on, it still shows the text as it was.
    const later = createPartialJsonParser();
    later.write(text.slice(0, text.indexOf('leaf') + 4));
    const early = later.value();
    later.write(text.slice(text.indexOf('leaf') + 4));
    expect(at(early, DEEP + 4)).toEqual({ name: 'leaf' });
    expect(later.end()).toEqual(JSON.parse(text));
    expect(isDeepView(at(later.end(), DEEP))).toBe(false);
  });

  it('never changes a deep snapshot, and keeps every finished subtree shared into end()', () => {
    // A tree about 2 × DEEP + 12 containers deep whose text keeps going deeper, then climbs back out.
    const tree = (depth: number): Node => ({
      id: `n${depth}`,
      children: depth < DEEP + 6 ? [tree(depth + 1), { id: `s${depth}`, children: [] }] : [],
    });
    const text = JSON.stringify({ title: 'deep', tree: tree(0) });
    for (const size of [1, 7, 64]) {
      const { taken, final } = snapshotsOf(text, size);
      expect(final).toEqual(JSON.parse(text));
      for (const { value, json, late } of taken) {
        expect(JSON.stringify(value) ?? 'undefined').toBe(json);
        expect(late).toBe(json);
        expect(isPrefixConsistent(value, final)).toBe(true);
      }
    }
    // A finished sibling deep in the tree is the same object in a later snapshot and in end().
    const cut = text.indexOf(`"s${DEEP + 2}"`) + 12;
    const parser = createPartialJsonParser();
    parser.write(text.slice(0, cut));
    const before = parser.value();
    parser.write(text.slice(cut, cut + 5));
    const after = parser.value();
    parser.write(text.slice(cut + 5));
    const end = parser.end();
    const sibling = (value: unknown) => {
      let node = (value as { tree: Node }).tree;
      for (let depth = 0; depth < DEEP + 2; depth++) node = node.children[0]!;
      return node.children[0];
    };
    expect(sibling(before)).toEqual(tree(DEEP + 3));
    expect(sibling(after)).toBe(sibling(before));
    expect(sibling(end)).toBe(sibling(before));
  });

  it('keeps JSON.parse semantics for repeated keys and __proto__ deep down', () => {
    const inner = '{"a": 1, "b": 2, "a": {"__proto__": "p", "c": "x"}, "b": 3}';
    const text = JSON.stringify(wrap('@', DEEP + 2)).replace('"@"', inner);
    const { taken, final } = snapshotsOf(text, 3);
    expect(final).toEqual(JSON.parse(text));
    for (const { value, json, late } of taken) {
      expect(JSON.stringify(value) ?? 'undefined').toBe(json);
      expect(late).toBe(json);
    }
    const deepest = at(final, DEEP + 2) as Record<string, unknown>;
    expect(Object.keys(deepest)).toEqual(['a', 'b']);
    expect(Object.hasOwn(deepest.a as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(deepest.a)).toBe(Object.prototype);
  });

  it('rebuilds deep objects wider than the shapes it tracks (40 keys), read late or at once', () => {
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`key${index}`, `v${index}`]));
    const text = JSON.stringify(wrap([wide, wide], DEEP + 1));
    for (const size of [1, 5, 33]) {
      const { taken, final } = snapshotsOf(text, size);
      expect(final).toEqual(JSON.parse(text));
      for (const { value, json, late } of taken) {
        expect(isPrefixConsistent(value, final)).toBe(true);
        expect(late).toBe(json);
      }
    }
  });

  it('shows wide arrays deep down as array views, and returns the same snapshot while nothing changes', () => {
    const rows = Array.from({ length: WIDE + 6 }, (_, id) => ({ id, name: `row ${id}` }));
    const text = JSON.stringify(wrap(rows, DEEP + 1));
    const parser = createPartialJsonParser();
    parser.write(text.slice(0, -20));
    const first = parser.value();
    expect(parser.value()).toBe(first);
    const deepRows = at(first, DEEP + 1) as unknown[];
    expect(isArrayView(deepRows)).toBe(true);
    expect(deepRows.slice(0, WIDE)).toEqual(rows.slice(0, WIDE));
    parser.write(text.slice(-20));
    expect(parser.end()).toEqual(JSON.parse(text));
  });

  it('every deep snapshot is prefix-consistent, unchanged later, and end() equals JSON.parse (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.integer({ min: DEEP - 2, max: DEEP + 6 }),
        fc.integer({ min: 1, max: 24 }),
        (value, levels, size) => {
          const text = JSON.stringify(wrap(value, levels));
          const { taken, final } = snapshotsOf(text, size);
          expect(final).toEqual(JSON.parse(text));
          for (const { value: partial, json, late } of taken) {
            expect(isPrefixConsistent(partial, final)).toBe(true);
            expect(late).toBe(json);
            expect(JSON.stringify(partial) ?? 'undefined').toBe(json);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
