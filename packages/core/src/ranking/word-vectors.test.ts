import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.fixture.js';
import { createWordVectorTable } from './word-vectors.js';

/** The mean as first written: each word's scaled unit vector added into a Float32Array, word after word. */
function plainMean(values: Float32Array, dimensions: number, slots: Int32Array, weights: Float32Array) {
  const sum = new Float32Array(dimensions);
  slots.forEach((slot, at) => {
    let squares = 0;
    for (let d = 0; d < dimensions; d++) squares += values[slot * dimensions + d]! ** 2;
    const scale = weights[at]! * Math.fround(1 / Math.sqrt(squares));
    for (let d = 0; d < dimensions; d++) sum[d]! += scale * values[slot * dimensions + d]!;
  });
  let squares = 0;
  for (const value of sum) squares += value * value;
  if (squares > 0) {
    const inverse = 1 / Math.sqrt(squares);
    for (let d = 0; d < dimensions; d++) sum[d]! *= inverse;
  }
  return sum;
}

describe('mean', () => {
  it('is the mean a Float32Array summed word after word gives, to the last bit, whatever the dimensions', () => {
    for (const dimensions of [1, 3, 4, 7, 9, 100]) {
      const random = seededRandom(dimensions);
      const count = 50;
      const values = Float32Array.from({ length: count * dimensions }, random);
      const table = createWordVectorTable({
        words: Array.from({ length: count }, (_, at) => `word${at}`),
        dimensions,
        values,
      });
      for (const size of [0, 1, 2, 5, 31]) {
        const slots = Int32Array.from({ length: size }, (_, at) => (at * 7 + size) % count);
        const weights = Float32Array.from({ length: size }, () => random() + 1);
        const mean = table.mean({ slots, weights });
        expect([...mean]).toEqual([...plainMean(values, dimensions, slots, weights)]);
      }
    }
  });

  it("keeps a text's words in the order first said, a word said again weighing again", () => {
    const table = createWordVectorTable({
      words: ['red', 'green', 'blue'],
      dimensions: 2,
      values: Float32Array.from([1, 0, 0, 1, 1, 1]),
    });
    const bag = table.bag('green red green, blue; the red');
    expect([...bag.slots]).toEqual([1, 0, 2]);
    // The weight a / (a + p), p from the frequency rank (Zipf), summed over the times said.
    const weight = (slot: number) => 1e-3 / (1e-3 + 1 / ((slot + 1) * (Math.log(3) + 0.5772)));
    expect([...bag.weights]).toEqual([weight(1) * 2, weight(0) * 2, weight(2)].map(Math.fround));
  });
});
