import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPrefixConsistent } from '../../../../test/support/streams-prefix-consistent.js';
import { isArrayView } from './array-view.js';
import { createPartialJsonParser, type JsonValue } from './partial-json-parser.js';
import { WIDE } from './snapshot-tree.js';

type Row = { id: number; name: string };

/** `{"rows": [...]}` with `count` rows, cut into deltas of `size` characters. */
function rowsText(count: number): string {
  const rows = Array.from({ length: count }, (_, id) => ({ id, name: `row ${id}` }));
  return JSON.stringify({ title: 'wide', rows });
}

/** Every snapshot (after each delta of `size` characters, then `end()`), and its JSON when it was taken. */
function snapshotsOf(text: string, size: number): Array<JsonValue | undefined> & { json: string[] } {
  const parser = createPartialJsonParser();
  const seen = Object.assign([] as Array<JsonValue | undefined>, { json: [] as string[] });
  const take = (value: JsonValue | undefined) => {
    seen.push(value);
    seen.json.push(JSON.stringify(value) ?? 'undefined');
  };
  for (let at = 0; at < text.length; at += size) {
    parser.write(text.slice(at, at + size));
    take(parser.value());
  }
  take(parser.end());
  return seen;
}

describe('partial JSON snapshots: sharing and immutability', () => {
  it('shows a wide open array as a read-only view that behaves like the plain array', () => {
    const parser = createPartialJsonParser();
    parser.write(rowsText(WIDE + 10).slice(0, -30)); // cut inside a row
    const value = parser.value() as { rows: Row[] };
    const rows = value.rows;
    expect(isArrayView(rows)).toBe(true);
    const plain = JSON.parse(JSON.stringify(rows)) as Row[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBe(plain.length);
    expect(rows[0]).toEqual({ id: 0, name: 'row 0' });
    expect(rows[rows.length - 1]).toEqual(plain.at(-1));
    expect(rows[rows.length]).toBeUndefined();
    expect([...rows]).toEqual(plain);
    expect(rows.map((row) => row.id)).toEqual(plain.map((row) => row.id));
    expect(Object.keys(rows)).toEqual(Object.keys(plain));
    expect(rows).toEqual(plain);
    expect(1 in rows).toBe(true);
    expect(rows.length in rows).toBe(false);
    // Writes are refused instead of silently corrupting later snapshots.
    expect(() => rows.push({ id: -1, name: '' })).toThrow(TypeError);
    expect(() => {
      rows[0] = { id: -1, name: '' };
    }).toThrow(TypeError);
    expect(() => Reflect.deleteProperty(rows, '0')).toThrow(TypeError);
    expect(rows[0]).toEqual({ id: 0, name: 'row 0' });
  });

  it('keeps narrow arrays, objects and every closed value plain', () => {
    const parser = createPartialJsonParser();
    const text = rowsText(WIDE + 10);
    parser.write(text.slice(0, -30));
    const open = parser.value() as { rows: Row[] };
    expect(isArrayView(open)).toBe(false);
    expect(isArrayView(open.rows[0])).toBe(false);
    parser.write(text.slice(-30));
    const final = parser.end() as { rows: Row[] };
    expect(isArrayView(final.rows)).toBe(false);
    expect(structuredClone(final)).toEqual(JSON.parse(text));
    // A wide array that closed inside a container still open is plain too.
    const nested = createPartialJsonParser();
    nested.write(`{"rows": ${JSON.stringify(Array.from({ length: WIDE * 2 }, (_, i) => i))}, "more": "x`);
    const snapshot = nested.value() as { rows: number[]; more: string };
    expect(isArrayView(snapshot.rows)).toBe(false);
    expect(snapshot.more).toBe('x');
    const short = createPartialJsonParser();
    short.write('[1, 2, 3, "ab');
    expect(isArrayView(short.value())).toBe(false);
  });

  it('reuses every finished element from one snapshot to the next and in end(), however wide', () => {
    const seen = snapshotsOf(rowsText(WIDE * 2), 11).map((value) => (value as { rows?: Row[] })?.rows);
    const final = seen.at(-1)!;
    let compared = 0;
    const different: string[] = [];
    for (let index = 1; index < seen.length; index++) {
      const before = seen[index - 1];
      const after = seen[index];
      if (!before || !after) continue;
      // All but the last element of the earlier snapshot were finished: the very same objects.
      for (let row = 0; row < before.length - 1; row++) {
        if (after[row] !== before[row] || final[row] !== before[row]) different.push(`${index}:${row}`);
        compared++;
      }
    }
    expect(different).toEqual([]);
    expect(compared).toBeGreaterThan(WIDE * WIDE);
  });

  it('never changes a snapshot after handing it out, narrow or wide', () => {
    for (const count of [3, WIDE - 1, WIDE, WIDE + 1, WIDE * 2]) {
      const text = rowsText(count);
      const parser = createPartialJsonParser();
      const taken: Array<{ value: unknown; json: string }> = [];
      for (const char of text) {
        parser.write(char);
        const value = parser.value();
        taken.push({ value, json: JSON.stringify(value) ?? 'undefined' });
      }
      expect(parser.end()).toEqual(JSON.parse(text));
      for (const { value, json } of taken) expect(JSON.stringify(value) ?? 'undefined').toBe(json);
    }
  });

  it('returns the same view while nothing visible changes, and a new one when the open element grows', () => {
    const parser = createPartialJsonParser();
    const text = rowsText(WIDE + 5);
    const cut = text.lastIndexOf('"row ') + 5;
    parser.write(text.slice(0, cut));
    const first = parser.value() as { rows: Row[] };
    expect(parser.value()).toBe(first);
    parser.write(text.slice(cut, cut + 1));
    const second = parser.value() as { rows: Row[] };
    expect(second).not.toBe(first);
    expect(second.rows).not.toBe(first.rows);
    expect(second.rows.at(-1)).not.toBe(first.rows.at(-1));
    expect(second.rows.at(-2)).toBe(first.rows.at(-2));
    expect(first.rows.at(-1)?.name).toBe('row ');
  });

  it('keeps wide snapshots prefix-consistent and unchanged (property)', () => {
    const element = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.record({ id: fc.nat(), tags: fc.array(fc.string(), { maxLength: 3 }) }),
      fc.array(fc.nat(), { maxLength: WIDE + 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(element, { minLength: WIDE - 2, maxLength: WIDE + 24 }),
        fc.integer({ min: 1, max: 40 }),
        (items, size) => {
          const text = JSON.stringify({ items });
          const seen = snapshotsOf(text, size);
          const final = seen.at(-1)!;
          expect(final).toEqual(JSON.parse(text));
          for (const [index, value] of seen.entries()) {
            expect(isPrefixConsistent(value, final)).toBe(true);
            expect(JSON.stringify(value) ?? 'undefined').toBe(seen.json[index]);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
