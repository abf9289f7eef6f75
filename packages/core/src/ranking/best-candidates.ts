/** A document the lexical ranker may answer: its order, the query terms it matches and its relevance. */
export interface Candidate {
  readonly slot: number;
  readonly order: number;
  /** The query groups (0 to 30) it matches, as bits. */
  readonly mask: number;
  /** The parts of its relevance, and the relevance (grounded, when grounding is on). */
  readonly share: number;
  readonly name: number;
  readonly about: number;
  readonly relevance: number;
}

/** Insert into a best-first list kept to `count` items; returns the item that fell off, if any. */
export function keepBest(top: Candidate[], item: Candidate, count: number): Candidate | undefined {
  if (top.length >= count && item.order <= top[top.length - 1]!.order) return item;
  // The last falls off a full list; the items ordered below the new one move down one (in a loop: a splice and a
  // pop cost more than the few moves).
  const fallen = top.length >= count ? top[count - 1] : undefined;
  let at = fallen ? count - 1 : top.length;
  if (!fallen) top.push(item);
  while (at > 0 && top[at - 1]!.order < item.order) {
    top[at] = top[at - 1]!;
    at--;
  }
  top[at] = item;
  return fallen;
}
