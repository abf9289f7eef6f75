import { describe, expect, it } from 'vitest';
import { createWordVectorTable } from './word-vectors.js';

describe('closestEach', () => {
  it('gives each word the similarity closest gives it, to the last bit', () => {
    const dimensions = 9;
    const count = 40;
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647 - 0.5;
    };
    const table = createWordVectorTable({
      words: Array.from({ length: count }, (_, at) => `word${at}`),
      dimensions,
      values: Float32Array.from({ length: count * dimensions }, random),
    });
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
});
