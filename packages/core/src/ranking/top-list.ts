/** The `count` highest-scored slots, best first; of equal scores, the one offered first ranks first. */
export function createTopList(count: number) {
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

/**
 * The lowest of the `count` highest scores offered (a binary min-heap of them): what a top list's last would
 * score, without keeping the list in order.
 */
export function createLeastOfBest(count: number) {
  const heap = new Float64Array(count);
  let size = 0;
  return {
    /** Offer a score; answers the lowest kept (meaningful once `count` were offered). */
    offer(score: number): number {
      if (size < count) {
        // Sift up.
        let at = size++;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if (heap[parent]! <= score) break;
          heap[at] = heap[parent]!;
          at = parent;
        }
        heap[at] = score;
        return heap[0]!;
      }
      if (score <= heap[0]!) return heap[0]!;
      // Replace the least and sift down.
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= count) break;
        if (child + 1 < count && heap[child + 1]! < heap[child]!) child++;
        if (heap[child]! >= score) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = score;
      return heap[0]!;
    },
  };
}
