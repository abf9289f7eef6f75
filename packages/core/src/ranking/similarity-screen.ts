import type { VectorData } from './closest-words.js';
import { createSimdDot, type SimdDot } from './simd-dot.js';

/** Fewer words than this are worked out exactly without screening. */
export const SCREEN_FROM = 8;

/** How far below a bound a screened similarity still gets worked out exactly (32-bit rounding is far smaller). */
export const SCREEN_MARGIN = 1e-3;

/** At most this many words' rows are kept in WebAssembly memory between calls (then they are dropped and met again). */
const KEPT_ROWS = 16_384;

/**
 * Estimates of each word's highest cosine similarity to some words, in 32-bit floats with WebAssembly SIMD: each
 * word's vector is scaled to length 1 into WebAssembly memory the first time it is met (and kept, up to `KEPT_ROWS`
 * words), and scanned against the other words' rows. Made on first use; `ready()` is false where WebAssembly SIMD is
 * refused.
 */
export function similarityScreen(data: VectorData) {
  const { dimensions, values, inverseNorms } = data;
  const stride = Math.ceil(dimensions / 4) * 4;
  let simd: SimdDot | null | undefined;
  let view = new Float32Array(0);
  // Row + 1 of each word kept at the start of the memory (0: not kept), the words kept, and the rows there is room for.
  let rowOf = new Int32Array(0);
  const kept: number[] = [];
  let capacity = 0;

  const room = (floats: number) => {
    const memory = simd!.memory;
    const pages = Math.ceil((floats * 4 - memory.buffer.byteLength) / 65_536);
    if (pages > 0) memory.grow(pages);
    if (view.buffer !== memory.buffer) view = new Float32Array(memory.buffer);
  };

  /** Keep the rows of these words (all of them fit: the others are dropped first if need be). */
  const keep = (slots: ArrayLike<number>, also: ArrayLike<number>) => {
    if (rowOf.length < inverseNorms.length) rowOf = new Int32Array(inverseNorms.length);
    let missing = 0;
    for (let at = 0; at < slots.length; at++) if (rowOf[slots[at]!] === 0) missing++;
    for (let at = 0; at < also.length; at++) if (rowOf[also[at]!] === 0) missing++;
    if (kept.length + missing > Math.max(KEPT_ROWS, capacity)) {
      for (const slot of kept) rowOf[slot] = 0;
      kept.length = 0;
      missing = slots.length + also.length;
    }
    if (kept.length + missing > capacity) {
      capacity = Math.max(kept.length + missing, Math.min(KEPT_ROWS, capacity * 2), 256);
      room(capacity * stride);
    }
    const write = (slot: number) => {
      if (rowOf[slot] !== 0) return;
      kept.push(slot);
      rowOf[slot] = kept.length;
      const row = (kept.length - 1) * stride;
      const start = slot * dimensions;
      const scale = inverseNorms[slot]!;
      for (let d = 0; d < dimensions; d++) view[row + d] = values[start + d]! * scale;
      for (let d = dimensions; d < stride; d++) view[row + d] = 0;
    };
    for (let at = 0; at < slots.length; at++) write(slots[at]!);
    for (let at = 0; at < also.length; at++) write(also[at]!);
  };

  return {
    ready() {
      if (simd === undefined) simd = createSimdDot() ?? null;
      return simd !== null;
    },
    /**
     * Into `into[i]`: an estimate of `closest` of `slots[i]` to `others` (1 for a word among them). Answers the
     * estimate of each word's similarity to `others[j]` at `[i * others.length + j]` (valid until the next call).
     */
    closest(slots: ArrayLike<number>, others: Int32Array, into: Float64Array): Float32Array {
      const count = slots.length;
      const width = others.length;
      keep(slots, others);
      // After the kept rows: the other words' rows side by side, then the scores of each word against them.
      const othersAt = capacity * stride;
      const scoresAt = othersAt + width * stride;
      room(scoresAt + count * width);
      for (let j = 0; j < width; j++) {
        const from = (rowOf[others[j]!]! - 1) * stride;
        view.copyWithin(othersAt + j * stride, from, from + stride);
      }
      for (let at = 0; at < count; at++) {
        const slot = slots[at]!;
        const scores = scoresAt + at * width;
        simd!.dot((rowOf[slot]! - 1) * stride * 4, othersAt * 4, stride * 4, width, scores * 4);
        let best = -1;
        for (let j = 0; j < width; j++) {
          if (others[j] === slot) view[scores + j] = 1;
          const cosine = view[scores + j]!;
          if (cosine > best) best = cosine;
        }
        into[at] = best;
      }
      return view.subarray(scoresAt, scoresAt + count * width);
    },
  };
}
