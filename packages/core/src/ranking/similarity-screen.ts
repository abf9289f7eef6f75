import type { VectorData } from './closest-words.js';
import { createSimdDot, type SimdDot } from './simd-dot.js';

/** Fewer words than this are worked out exactly without screening. */
export const SCREEN_FROM = 8;

/** How far below a bound a screened similarity still gets worked out exactly (32-bit rounding is far smaller). */
export const SCREEN_MARGIN = 1e-3;

/**
 * Estimates of each word's highest cosine similarity to some words, in 32-bit floats with WebAssembly SIMD: the
 * words' vectors are copied into WebAssembly memory and scanned against each of the other words. Made on first use;
 * `ready()` is false where WebAssembly SIMD is refused.
 */
export function similarityScreen(data: VectorData) {
  const { dimensions, values, inverseNorms } = data;
  const stride = Math.ceil(dimensions / 4) * 4;
  let simd: SimdDot | null | undefined;
  let view = new Float32Array(0);

  const room = (floats: number) => {
    const memory = simd!.memory;
    const pages = Math.ceil((floats * 4 - memory.buffer.byteLength) / 65_536);
    if (pages > 0) memory.grow(pages);
    if (view.buffer !== memory.buffer) view = new Float32Array(memory.buffer);
  };

  return {
    ready() {
      if (simd === undefined) simd = createSimdDot() ?? null;
      return simd !== null;
    },
    /**
     * Into `into[i]`: an estimate of `closest` of `slots[i]` to `others` (1 for a word among them); into
     * `each[j * slots.length + i]`, the estimate of its similarity to `others[j]`.
     */
    closest(slots: ArrayLike<number>, others: Int32Array, into: Float64Array, each: Float64Array) {
      const count = slots.length;
      // Layout: the words' rows, one other word's row, then the scores of the words against it.
      const queryAt = count * stride;
      const scoresAt = queryAt + stride;
      room(scoresAt + count);
      // Padding lanes must be zeros; rows with no padding are overwritten whole below.
      if (stride !== dimensions) view.fill(0, 0, scoresAt);
      // Copied number by number: a view per row would be an object per word.
      for (let at = 0; at < count; at++) {
        const start = slots[at]! * dimensions;
        const row = at * stride;
        for (let d = 0; d < dimensions; d++) view[row + d] = values[start + d]!;
        into[at] = -1;
      }
      for (let j = 0; j < others.length; j++) {
        const other = others[j]!;
        const start = other * dimensions;
        for (let d = 0; d < dimensions; d++) view[queryAt + d] = values[start + d]!;
        simd!.dot(queryAt * 4, 0, stride * 4, count, scoresAt * 4);
        const norm = inverseNorms[other]!;
        for (let at = 0; at < count; at++) {
          const slot = slots[at]!;
          const cosine = slot === other ? 1 : view[scoresAt + at]! * norm * inverseNorms[slot]!;
          each[j * count + at] = cosine;
          if (cosine > into[at]!) into[at] = cosine;
        }
      }
    },
  };
}
