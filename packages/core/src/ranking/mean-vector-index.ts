/** Unit vectors kept side by side in one typed array, searched by brute force for the nearest to a query. */
export interface MeanVectorIndex {
  readonly size: number;
  set(id: string, vector: Float32Array): void;
  delete(id: string): void;
  /** The ids of the `count` vectors with the highest dot product with `query`, best first. */
  nearest(query: Float32Array, count: number): string[];
}

/** A brute-force nearest-vector index (one multiply-add per dimension and vector); freed slots are reused. */
export function createMeanVectorIndex(dimensions: number): MeanVectorIndex {
  let values = new Float32Array(dimensions * 64);
  const ids: Array<string | undefined> = [];
  const slots = new Map<string, number>();
  const free: number[] = [];
  // The scores of one search, by slot (reused).
  let scores = new Float64Array(0);

  return {
    get size() {
      return slots.size;
    },
    set(id, vector) {
      let slot = slots.get(id);
      if (slot === undefined) {
        slot = free.pop() ?? ids.length;
        if ((slot + 1) * dimensions > values.length) {
          const grown = new Float32Array(values.length * 2);
          grown.set(values);
          values = grown;
        }
        slots.set(id, slot);
        ids[slot] = id;
      }
      values.set(vector.subarray(0, dimensions), slot * dimensions);
    },
    delete(id) {
      const slot = slots.get(id);
      if (slot === undefined) return;
      slots.delete(id);
      ids[slot] = undefined;
      free.push(slot);
    },
    nearest(query, count) {
      const end = ids.length;
      if (scores.length < end) scores = new Float64Array(values.length / dimensions);
      dotProducts(query, values, dimensions, end, scores);
      const best = createTopList(count);
      for (let slot = 0; slot < end; slot++) {
        if (ids[slot] !== undefined) best.offer(slot, scores[slot]!);
      }
      return best.slots().map((slot) => ids[slot]!);
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
  count: number,
  into: Float64Array,
): void {
  const q = Float64Array.from(query.subarray(0, dimensions));
  let slot = 0;
  for (; slot + 6 <= count; slot += 6) {
    const a = slot * dimensions;
    const b = a + dimensions;
    const c = b + dimensions;
    const d = c + dimensions;
    const e = d + dimensions;
    const f = e + dimensions;
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
    const start = slot * dimensions;
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
    offer(slot: number, score: number) {
      if (size === count && score <= scores[count - 1]!) return;
      let at = size < count ? size++ : count - 1;
      for (; at > 0 && scores[at - 1]! < score; at--) {
        slots[at] = slots[at - 1]!;
        scores[at] = scores[at - 1]!;
      }
      slots[at] = slot;
      scores[at] = score;
    },
    slots: () => Array.from(slots.subarray(0, size)),
  };
}
