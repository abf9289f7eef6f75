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
