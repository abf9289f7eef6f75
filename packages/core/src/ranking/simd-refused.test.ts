import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from './seeded-random.fixture.js';

// Where WebAssembly SIMD is refused (a strict Content-Security-Policy, an old engine), the module does not validate:
// the screens are off and the scans run in JavaScript, with the same answers. Fresh modules, so nothing compiled
// before is reused.
const refused = async () => {
  vi.stubGlobal('WebAssembly', { ...WebAssembly, validate: () => false });
  vi.resetModules();
  return {
    ...(await import('./simd-dot.js')),
    ...(await import('./mean-vector-index.js')),
    ...(await import('./word-vectors.js')),
  };
};

const unit = (vector: Float32Array) => {
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('without WebAssembly SIMD', () => {
  it('makes no SIMD scan, and the mean-vector index answers as its JavaScript scan does', async () => {
    const { createSimdDot, createMeanVectorIndex } = await refused();
    expect(createSimdDot()).toBeUndefined();
    const dimensions = 24;
    const index = createMeanVectorIndex(dimensions);
    const plain = createMeanVectorIndex(dimensions, { simd: false });
    const random = seededRandom(3);
    for (let at = 0; at < 700; at++) {
      const vector = unit(Float32Array.from({ length: dimensions }, random));
      index.set(`v${at}`, vector);
      plain.set(`v${at}`, vector);
    }
    for (let round = 0; round < 5; round++) {
      const query = unit(Float32Array.from({ length: dimensions }, random));
      expect(index.nearest(query, 16)).toEqual(plain.nearest(query, 16));
    }
  });

  it('works out every closest word exactly when asked for a bound', async () => {
    const { createWordVectorTable } = await refused();
    const random = seededRandom(9);
    const dimensions = 20;
    const table = createWordVectorTable({
      words: Array.from({ length: 300 }, (_, at) => `word${at}`),
      dimensions,
      values: Float32Array.from({ length: 300 * dimensions }, random),
    });
    const query = Int32Array.from([1, 50, 99, 150, 200]);
    const words = Array.from({ length: 200 }, (_, at) => at + 100);
    const closest = new Float64Array(words.length);
    table.closestEach(words, query, closest, 0.2);
    expect([...closest]).toEqual(words.map((slot) => table.closest(slot, query)));
  });
});
