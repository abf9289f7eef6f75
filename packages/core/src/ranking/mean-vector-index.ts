import { createSimdDot } from './simd-dot.js';

/** Unit vectors kept side by side in one typed array, searched by brute force for the nearest to a query. */
export interface MeanVectorIndex {
  readonly size: number;
  set(id: string, vector: Float32Array): void;
  delete(id: string): void;
  /** The ids of the `count` vectors with the highest dot product with `query`, best first. */
  nearest(query: Float32Array, count: number): string[];
}

/**
 * A brute-force nearest-vector index (one multiply-add per dimension and vector); freed slots are reused. With
 * `simd` (the default where WebAssembly SIMD runs), the vectors live in WebAssembly memory and are scanned four
 * lanes at a time in 32-bit floats; the best `count + SIMD_MARGIN` of that scan are then scored again exactly as the
 * JavaScript scan scores them, so the answer is the JavaScript scan's unless rounding moved a vector past the margin.
 */
export function createMeanVectorIndex(
  dimensions: number,
  options: { readonly simd?: boolean } = {},
): MeanVectorIndex {
  // Rows padded to a multiple of four floats (zeros, which add nothing to a dot product).
  const stride = Math.ceil(dimensions / 4) * 4;
  const simd =
    options.simd === false ? undefined : createSimdDot(Math.ceil(((64 + 2) * stride * 4) / 65_536));
  let values = simd ? new Float32Array(simd.memory.buffer, 0, stride * 64) : new Float32Array(stride * 64);
  let capacity = 64;
  const ids: Array<string | undefined> = [];
  const slots = new Map<string, number>();
  const free: number[] = [];
  // The scores of one search, by slot (reused).
  let scores = new Float64Array(0);

  /** Room for `rows` rows (and, with SIMD, the query and a score per row after them). */
  const reserve = (rows: number) => {
    if (simd) {
      const bytes = (rows * stride + stride + rows) * 4;
      const pages = Math.ceil((bytes - simd.memory.buffer.byteLength) / 65_536);
      if (pages > 0) simd.memory.grow(Math.max(pages, simd.memory.buffer.byteLength / 65_536));
      // A grown memory has a new buffer: the view is made again (the values stay in place).
      if (values.buffer !== simd.memory.buffer || rows > capacity) {
        capacity = Math.max(rows, capacity);
        values = new Float32Array(simd.memory.buffer, 0, capacity * stride);
      }
      return;
    }
    if (rows <= capacity) return;
    capacity = Math.max(rows, capacity * 2);
    const grown = new Float32Array(capacity * stride);
    grown.set(values);
    values = grown;
  };

  const scan = (query: Float32Array, end: number, count: number): string[] => {
    if (scores.length < end) scores = new Float64Array(capacity);
    if (!simd) {
      dotProducts(query, values, dimensions, stride, end, scores);
      return bestOf(count, end, scores);
    }
    reserve(end);
    const memory = new Float32Array(simd.memory.buffer);
    const queryAt = end * stride;
    memory.fill(0, queryAt, queryAt + stride);
    memory.set(query.subarray(0, dimensions), queryAt);
    simd.dot(queryAt * 4, 0, stride * 4, end, (queryAt + stride) * 4);
    const rough = memory.subarray(queryAt + stride, queryAt + stride + end);
    // The best of the rough scan, scored again exactly, in slot order (ties keep the earlier slot first).
    const shortlist = bestSlots(count + SIMD_MARGIN, end, rough).sort((a, b) => a - b);
    const q = Float64Array.from(query.subarray(0, dimensions));
    const best = createTopList(count);
    for (const slot of shortlist) {
      const start = slot * stride;
      let score = 0;
      for (let at = 0; at < dimensions; at++) score += q[at]! * values[start + at]!;
      best.offer(slot, score);
    }
    return best.slots().map((slot) => ids[slot]!);
  };

  /** The best `count` live slots by score, best first (a score must beat the list's last to be offered). */
  const bestSlots = (count: number, end: number, scored: ArrayLike<number>): number[] => {
    const best = createTopList(count);
    let worst = Number.NEGATIVE_INFINITY;
    let kept = 0;
    for (let slot = 0; slot < end; slot++) {
      const score = scored[slot]!;
      if ((kept === count && score <= worst) || ids[slot] === undefined) continue;
      worst = best.offer(slot, score);
      if (kept < count) kept++;
    }
    return best.slots();
  };
  const bestOf = (count: number, end: number, scored: ArrayLike<number>): string[] =>
    bestSlots(count, end, scored).map((slot) => ids[slot]!);

  return {
    get size() {
      return slots.size;
    },
    set(id, vector) {
      let slot = slots.get(id);
      if (slot === undefined) {
        slot = free.pop() ?? ids.length;
        reserve(slot + 1);
        slots.set(id, slot);
        ids[slot] = id;
      }
      values.set(vector.subarray(0, dimensions), slot * stride);
    },
    delete(id) {
      const slot = slots.get(id);
      if (slot === undefined) return;
      slots.delete(id);
      ids[slot] = undefined;
      free.push(slot);
    },
    nearest(query, count) {
      return scan(query, ids.length, count);
    },
  };
}

/** How many more than asked the SIMD scan shortlists for the exact scores. */
const SIMD_MARGIN = 32;

/**
 * The dot product of `query` with each of the first `count` vectors of `values`, into `into`. The query is read in
 * doubles, once per dimension for six vectors at a time: each vector's score is still summed dimension by
 * dimension, so every score is the one a vector at a time gives, in a fraction of the time.
 */
function dotProducts(
  query: Float32Array,
  values: Float32Array,
  dimensions: number,
  stride: number,
  count: number,
  into: Float64Array,
): void {
  const q = Float64Array.from(query.subarray(0, dimensions));
  let slot = 0;
  for (; slot + 6 <= count; slot += 6) {
    const a = slot * stride;
    const b = a + stride;
    const c = b + stride;
    const d = c + stride;
    const e = d + stride;
    const f = e + stride;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    for (let at = 0; at < dimensions; at++) {
      const value = q[at]!;
      s0 += value * values[a + at]!;
      s1 += value * values[b + at]!;
      s2 += value * values[c + at]!;
      s3 += value * values[d + at]!;
      s4 += value * values[e + at]!;
      s5 += value * values[f + at]!;
    }
    into[slot] = s0;
    into[slot + 1] = s1;
    into[slot + 2] = s2;
    into[slot + 3] = s3;
    into[slot + 4] = s4;
    into[slot + 5] = s5;
  }
  for (; slot < count; slot++) {
    const start = slot * stride;
    let score = 0;
    for (let at = 0; at < dimensions; at++) score += q[at]! * values[start + at]!;
    into[slot] = score;
  }
}

/** The `count` highest-scored slots, best first; of equal scores, the one offered first ranks first. */
function createTopList(count: number) {
  const slots = new Int32Array(count);
  const scores = new Float64Array(count);
  let size = 0;
  return {
    /** Offer a slot; answers the lowest score kept. */
    offer(slot: number, score: number): number {
      if (size === count && score <= scores[count - 1]!) return scores[count - 1]!;
      let at = size < count ? size++ : count - 1;
      for (; at > 0 && scores[at - 1]! < score; at--) {
        slots[at] = slots[at - 1]!;
        scores[at] = scores[at - 1]!;
      }
      slots[at] = slot;
      scores[at] = score;
      return scores[size - 1]!;
    },
    slots: () => Array.from(slots.subarray(0, size)),
  };
}
