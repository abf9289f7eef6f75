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
     * Into `into[i]`: an estimate of `closest` of `slots[i]` to `others` (1 for a word among them). Answers the
     * estimate of each word's similarity to `others[j]` at `[j * slots.length + i]` (valid until the next call).
     */
    closest(slots: ArrayLike<number>, others: Int32Array, into: Float64Array): Float32Array {
      const count = slots.length;
      // Layout: the words' rows, the other words' rows, then the scores of the words against each other word. Rows
      // are scaled to length 1, so a score is the estimate of a cosine similarity.
      const othersAt = count * stride;
      const scoresAt = othersAt + others.length * stride;
      room(scoresAt + others.length * count);
      // Padding lanes must be zeros; rows with no padding are overwritten whole below.
      if (stride !== dimensions) view.fill(0, 0, scoresAt);
      const copy = (slot: number, row: number) => {
        const start = slot * dimensions;
        const scale = inverseNorms[slot]!;
        for (let d = 0; d < dimensions; d++) view[row + d] = values[start + d]! * scale;
      };
      for (let at = 0; at < count; at++) {
        copy(slots[at]!, at * stride);
        into[at] = -1;
      }
      for (let j = 0; j < others.length; j++) copy(others[j]!, othersAt + j * stride);
      for (let j = 0; j < others.length; j++) {
        const other = others[j]!;
        const scores = scoresAt + j * count;
        simd!.dot((othersAt + j * stride) * 4, 0, stride * 4, count, scores * 4);
        for (let at = 0; at < count; at++) {
          if (slots[at] === other) view[scores + at] = 1;
          const cosine = view[scores + at]!;
          if (cosine > into[at]!) into[at] = cosine;
        }
      }
      return view.subarray(scoresAt, scoresAt + others.length * count);
    },
  };
}
