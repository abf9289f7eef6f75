import { describe, expect, it } from 'vitest';
import { createMeanVectorIndex } from './mean-vector-index.js';
import { seededRandom } from './seeded-random.fixture.js';
import { createSimdDot } from './simd-dot.js';

const unit = (...values: number[]) => {
  const length = Math.hypot(...values);
  return Float32Array.from(values, (value) => value / length);
};

describe.each([true, false])('createMeanVectorIndex (WebAssembly SIMD: %s)', (simd) => {
  it('answers the nearest vectors, best first, at most the count asked for', () => {
    const index = createMeanVectorIndex(2, { simd });
    index.set('east', unit(1, 0));
    index.set('north', unit(0, 1));
    index.set('north-east', unit(1, 1));
    expect(index.nearest(unit(1, 0.1), 2)).toEqual(['east', 'north-east']);
    expect(index.nearest(unit(0, 1), 5)).toEqual(['north', 'north-east', 'east']);
  });

  it('grows past its first block, replaces a vector set again, and reuses freed slots', () => {
    const index = createMeanVectorIndex(2, { simd });
    for (let at = 0; at < 100; at++) index.set(`v${at}`, unit(1, at));
    index.set('v0', unit(-1, 0));
    expect(index.nearest(unit(-1, 0), 1)).toEqual(['v0']);
    index.delete('v0');
    index.delete('missing');
    expect(index.size).toBe(99);
    expect(index.nearest(unit(-1, 0), 1)).not.toContain('v0');
    index.set('west', unit(-1, 0));
    expect(index.size).toBe(100);
    expect(index.nearest(unit(-1, 0), 1)).toEqual(['west']);
  });

  it('answers as a search one vector at a time would, ties and deleted slots included', () => {
    const dimensions = 7;
    const index = createMeanVectorIndex(dimensions, { simd });
    const vectors = new Map<string, Float32Array>();
    const random = seededRandom(1);
    for (let at = 0; at < 153; at++) {
      // Every fifth vector repeats an earlier one: equal scores, where the earlier slot ranks first.
      const vector =
        at % 5 === 4 ? vectors.get(`v${at - 3}`)! : Float32Array.from({ length: dimensions }, random);
      vectors.set(`v${at}`, vector);
      index.set(`v${at}`, vector);
    }
    for (const id of ['v3', 'v10', 'v11', 'v52', 'v152']) {
      index.delete(id);
      vectors.delete(id);
    }
    const query = Float32Array.from({ length: dimensions }, random);
    const score = (vector: Float32Array) => {
      let sum = 0;
      for (let d = 0; d < dimensions; d++) sum += query[d]! * vector[d]!;
      return sum;
    };
    // Insertion order is slot order here (nothing deleted was set again); a stable sort keeps it among equals.
    const expected = [...vectors].sort(([, a], [, b]) => score(b) - score(a)).map(([id]) => id);
    for (const count of [1, 6, 13, 60, 200])
      expect(index.nearest(query, count)).toEqual(expected.slice(0, count));
  });
});

describe('the WebAssembly SIMD scan', () => {
  it('runs here (Node 20), and a large index with many dimensions grows its memory and answers as JavaScript does', () => {
    expect(createSimdDot()).toBeDefined();
    const dimensions = 301;
    const fast = createMeanVectorIndex(dimensions);
    const plain = createMeanVectorIndex(dimensions, { simd: false });
    const random = seededRandom(7);
    for (let at = 0; at < 3000; at++) {
      const vector = Float32Array.from({ length: dimensions }, random);
      fast.set(`v${at}`, vector);
      plain.set(`v${at}`, vector);
    }
    for (let round = 0; round < 5; round++) {
      const query = Float32Array.from({ length: dimensions }, random);
      expect(fast.nearest(query, 64)).toEqual(plain.nearest(query, 64));
    }
  });

  it('answers as JavaScript does for unit vectors screened in 16-bit integers, near-ties and deletions included', () => {
    const dimensions = 100;
    const fast = createMeanVectorIndex(dimensions);
    const plain = createMeanVectorIndex(dimensions, { simd: false });
    const random = seededRandom(11);
    const unit = (vector: Float32Array) => {
      const length = Math.hypot(...vector);
      return vector.map((value) => value / length);
    };
    const base = Float32Array.from({ length: dimensions }, random);
    for (let at = 0; at < 2001; at++) {
      // Most are the same vector nudged by less than the integers' rounding: their order is decided exactly.
      const vector = unit(
        at % 3 === 0
          ? Float32Array.from({ length: dimensions }, random)
          : base.map((value) => value + random() * 1e-5),
      );
      fast.set(`v${at}`, vector);
      plain.set(`v${at}`, vector);
    }
    for (let at = 0; at < 2001; at += 97) {
      fast.delete(`v${at}`);
      plain.delete(`v${at}`);
    }
    const queries = [unit(base.map((value) => value + random() * 1e-3)), unit(base.map(random))];
    // A query longer than 1 is scanned in JavaScript.
    queries.push(base.map((value) => value * 3));
    for (const query of queries)
      for (const count of [1, 10, 64, 3000])
        expect(fast.nearest(query, count)).toEqual(plain.nearest(query, count));
  });

  it('without deletions, reads only the blocks of rows that may reach the best, and answers as JavaScript does', () => {
    const dimensions = 24;
    const fast = createMeanVectorIndex(dimensions);
    const plain = createMeanVectorIndex(dimensions, { simd: false });
    const random = seededRandom(5);
    const unit = (vector: Float32Array) => {
      const length = Math.hypot(...vector);
      return vector.map((value) => value / length);
    };
    const base = Float32Array.from({ length: dimensions }, random);
    const queries: Float32Array[] = [];
    // 31 whole blocks of 64 rows and 17 more; every 7th row a near-copy of `base`, so the best fall in many lanes.
    for (let at = 0; at < 2001; at++) {
      const vector = unit(
        at % 7 === 0
          ? base.map((value) => value + random() * 1e-4)
          : Float32Array.from({ length: dimensions }, random),
      );
      fast.set(`v${at}`, vector);
      plain.set(`v${at}`, vector);
      if (at === 40 || at === 1000 || at === 2000) {
        queries.push(unit(base.map((value) => value + random() * 1e-2)), unit(base.map(random)));
        for (const query of queries)
          for (const count of [0, 1, 16, 100, 130, 3000])
            expect(fast.nearest(query, count)).toEqual(plain.nearest(query, count));
      }
    }
  });
});
