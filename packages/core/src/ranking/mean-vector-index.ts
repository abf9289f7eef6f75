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
      const bestSlots: number[] = [];
      const bestScores: number[] = [];
      for (let slot = 0; slot < ids.length; slot++) {
        if (ids[slot] === undefined) continue;
        let score = 0;
        const start = slot * dimensions;
        for (let d = 0; d < dimensions; d++) score += query[d]! * values[start + d]!;
        if (bestSlots.length === count && score <= bestScores[count - 1]!) continue;
        let at = bestSlots.length;
        while (at > 0 && bestScores[at - 1]! < score) at--;
        bestSlots.splice(at, 0, slot);
        bestScores.splice(at, 0, score);
        if (bestSlots.length > count) {
          bestSlots.pop();
          bestScores.pop();
        }
      }
      return bestSlots.map((slot) => ids[slot]!);
    },
  };
}
