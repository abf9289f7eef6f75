import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.fixture.js';
import { createWordVectorTable } from './word-vectors.js';

/** A table of `count` words `word0`, `word1`, … with random vectors. */
const randomTable = (count: number, dimensions: number, seed: number) => {
  const random = seededRandom(seed);
  return createWordVectorTable({
    words: Array.from({ length: count }, (_, at) => `word${at}`),
    dimensions,
    values: Float32Array.from({ length: count * dimensions }, random),
  });
};

describe('closestEach', () => {
  it('gives each word the similarity closest gives it, to the last bit', () => {
    const table = randomTable(40, 9, 7);
    // Query sizes around the blocks of four, and words in and out of the query, odd and even in number.
    for (const others of [[3], [1, 2, 5, 8], [0, 4, 9, 12, 16, 20, 33], [6, 7, 10, 11, 13, 14, 15, 17, 18]]) {
      const query = Int32Array.from(others);
      for (const words of [[2, 3, 4], [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 21, 39], [others[0]!]]) {
        const closest = new Float64Array(words.length);
        table.closestEach(words, query, closest);
        expect([...closest]).toEqual(words.map((slot) => table.closest(slot, query)));
      }
    }
  });

  it('screens more words than it keeps in WebAssembly memory (dropping them and meeting them again)', () => {
    const table = randomTable(40_000, 6, 3);
    const query = Int32Array.from([5, 17_000, 39_999]);
    // 5,000 words a call: the fourth call finds no room for its words and drops those kept.
    for (const start of [0, 10_000, 20_000, 30_000, 0, 35_000]) {
      const words = Array.from({ length: 5_000 }, (_, at) => start + at);
      const closest = new Float64Array(words.length);
      table.closestEach(words, query, closest, -1);
      expect([...closest]).toEqual(words.map((slot) => table.closest(slot, query)));
    }
    for (let start = 0; start < 40_000; start += 2_000) {
      const words = Array.from({ length: 10 }, (_, at) => start + at);
      const closest = new Float64Array(words.length);
      table.closestEach(words, query, closest, -1);
      expect([...closest]).toEqual(words.map((slot) => table.closest(slot, query)));
    }
  });

  it('with a bound, screens many words with WebAssembly SIMD: exact from just below the bound, under it below', () => {
    const table = randomTable(400, 50, 11);
    const query = Int32Array.from([1, 50, 99, 150, 200]);
    const words = Array.from({ length: 300 }, (_, at) => at + 100);
    const exact = words.map((slot) => table.closest(slot, query));
    for (const bound of [-1, 0.1, 0.2, 0.3]) {
      const closest = new Float64Array(words.length);
      table.closestEach(words, query, closest, bound);
      words.forEach((_, at) => {
        if (exact[at]! >= bound) expect(closest[at]).toBe(exact[at]);
        else expect(closest[at]).toBeLessThan(bound);
      });
    }
    // Random vectors of 50 dimensions: some pairs pass 0.2 and most do not, so both paths are taken.
    expect(exact.filter((value) => value >= 0.2).length).toBeGreaterThan(0);
    expect(exact.filter((value) => value < 0.2).length).toBeGreaterThan(100);
  });
});
