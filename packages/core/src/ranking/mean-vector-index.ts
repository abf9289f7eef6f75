import { createScreen } from './mean-vector-screen.js';
import { createTopList } from './top-list.js';

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
 * `simd` (the default where WebAssembly SIMD runs), a copy of the vectors in 16-bit integers is screened first, eight
 * lanes at a time: a vector whose screened score is further below the `count`-th best than twice the rounding bound
 * cannot be among the best, and the rest are scored again exactly as the JavaScript scan scores them, so the answer
 * is the JavaScript scan's, to the last bit. Vectors (and queries) longer than 1 are scanned in JavaScript.
 */
export function createMeanVectorIndex(
  dimensions: number,
  options: { readonly simd?: boolean } = {},
): MeanVectorIndex {
  // Rows padded to a multiple of four floats (zeros, which add nothing to a dot product).
  const stride = Math.ceil(dimensions / 4) * 4;
  let values = new Float32Array(stride * 64);
  let capacity = 64;
  const ids: Array<string | undefined> = [];
  const slots = new Map<string, number>();
  const free: number[] = [];
  // The scores of one search, by slot (reused).
  let scores = new Float64Array(0);
  const screen = options.simd === false ? undefined : createScreen(dimensions);

  const reserve = (rows: number) => {
    if (rows <= capacity) return;
    capacity = Math.max(rows, capacity * 2);
    const grown = new Float32Array(capacity * stride);
    grown.set(values);
    values = grown;
  };

  const scan = (query: Float32Array, end: number, count: number): string[] => {
    const shortlist = screen?.shortlist(query, end, count, ids, free.length > 0);
    if (!shortlist) {
      if (scores.length < end) scores = new Float64Array(capacity);
      dotProducts(query, values, dimensions, stride, end, scores);
      return bestSlots(count, end, scores).map((slot) => ids[slot]!);
    }
    // The shortlist scored exactly, in slot order (ties keep the earlier slot first, as in the full scan).
    const q = Float64Array.from(query.subarray(0, dimensions));
    const best = createTopList(count);
    let at = 0;
    // Four at a time, each summed dimension by dimension as one at a time sums it, offered in slot order.
    for (; at + 4 <= shortlist.length; at += 4) {
      const a = shortlist[at]!;
      const b = shortlist[at + 1]!;
      const c = shortlist[at + 2]!;
      const d = shortlist[at + 3]!;
      const sums = dot4(q, values, a * stride, b * stride, c * stride, d * stride);
      best.offer(a, sums[0]!);
      best.offer(b, sums[1]!);
      best.offer(c, sums[2]!);
      best.offer(d, sums[3]!);
    }
    for (; at < shortlist.length; at++) {
      const slot = shortlist[at]!;
      const start = slot * stride;
      let score = 0;
      for (let d = 0; d < dimensions; d++) score += q[d]! * values[start + d]!;
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
      screen?.set(slot, vector);
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

// The four sums of `dot4` (reused).
const four = new Float64Array(4);

/** The dot products of `query` (doubles) with four rows starting at `a` to `d`, each summed dimension by dimension. */
function dot4(query: Float64Array, values: Float32Array, a: number, b: number, c: number, d: number) {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let at = 0; at < query.length; at++) {
    const value = query[at]!;
    s0 += value * values[a + at]!;
    s1 += value * values[b + at]!;
    s2 += value * values[c + at]!;
    s3 += value * values[d + at]!;
  }
  four[0] = s0;
  four[1] = s1;
  four[2] = s2;
  four[3] = s3;
  return four;
}
