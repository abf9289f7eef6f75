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

/**
 * The best `head` candidates of one pass, best first, kept in typed arrays (the orders side by side, no object per
 * visit; a pass visits a few hundred to keep 64). Reused from pass to pass: `start` empties it.
 */
export interface BestCandidates {
  /** How many are kept. */
  readonly length: number;
  /** Empty the list, to keep at most `head`. */
  start(head: number): void;
  /** The order a candidate must beat once the list is full; 0 before. */
  floor(): number;
  /**
   * Insert a candidate after those ordered at or above it, the last falling off a full list; answers the one that
   * fell off, the candidate itself when it does not beat the last of a full list, or -1. The answer is a handle
   * for `candidate`, valid until the next `start`.
   */
  keep(
    slot: number,
    order: number,
    mask: number,
    share: number,
    name: number,
    about: number,
    relevance: number,
  ): number;
  /** The candidate of a handle `keep` answered. */
  candidate(handle: number): Candidate;
  /** The kept candidates, best first. */
  list(): Candidate[];
}

/** Fields of a candidate in `parts`, per handle. */
const PARTS = 5;

export function createBestCandidates(): BestCandidates {
  let head = 0;
  let length = 0;
  // The kept handles and their orders as a heap whose root is the worst kept: the lowest order, and of equal orders
  // the last kept (a list kept best first inserts a candidate after those of its order, so that one falls off).
  let orders = new Float64Array(64);
  let handles = new Int32Array(64);
  // Per handle (one per `keep` since `start`, in the order kept): slot and mask, then order, share, name, about and
  // relevance.
  let used = 0;
  let ints = new Int32Array(2 * 256);
  let parts = new Float64Array(PARTS * 256);

  const candidate = (handle: number): Candidate => {
    const at = handle * PARTS;
    return {
      slot: ints[handle * 2]!,
      order: parts[at]!,
      mask: ints[handle * 2 + 1]!,
      share: parts[at + 1]!,
      name: parts[at + 2]!,
      about: parts[at + 3]!,
      relevance: parts[at + 4]!,
    };
  };
  // Whether the kept one at heap place `a` is worse than the one at `b`.
  const worse = (a: number, b: number) =>
    orders[a]! < orders[b]! || (orders[a] === orders[b] && handles[a]! > handles[b]!);
  const swap = (a: number, b: number) => {
    const order = orders[a]!;
    orders[a] = orders[b]!;
    orders[b] = order;
    const handle = handles[a]!;
    handles[a] = handles[b]!;
    handles[b] = handle;
  };
  const down = (from: number) => {
    let at = from;
    for (;;) {
      const left = at * 2 + 1;
      if (left >= length) return;
      const right = left + 1;
      const child = right < length && worse(right, left) ? right : left;
      if (!worse(child, at)) return;
      swap(child, at);
      at = child;
    }
  };

  return {
    get length() {
      return length;
    },
    start(count) {
      head = Math.ceil(count);
      length = 0;
      used = 0;
    },
    floor: () => (length >= head ? orders[0]! : 0),
    keep(slot, order, mask, share, name, about, relevance) {
      if (used * 2 >= ints.length) {
        const grown = new Int32Array(ints.length * 2);
        grown.set(ints);
        ints = grown;
        const more = new Float64Array(parts.length * 2);
        more.set(parts);
        parts = more;
      }
      const handle = used++;
      ints[handle * 2] = slot;
      ints[handle * 2 + 1] = mask;
      const at = handle * PARTS;
      parts[at] = order;
      parts[at + 1] = share;
      parts[at + 2] = name;
      parts[at + 3] = about;
      parts[at + 4] = relevance;
      if (length >= head) {
        // Not above the worst kept: it would go after it, and fall off.
        if (order <= orders[0]!) return handle;
        const fallen = handles[0]!;
        orders[0] = order;
        handles[0] = handle;
        down(0);
        return fallen;
      }
      if (length === orders.length) {
        const grown = new Float64Array(length * 2);
        grown.set(orders);
        orders = grown;
        const more = new Int32Array(length * 2);
        more.set(handles);
        handles = more;
      }
      let place = length++;
      orders[place] = order;
      handles[place] = handle;
      while (place > 0) {
        const parent = (place - 1) >> 1;
        if (!worse(place, parent)) break;
        swap(place, parent);
        place = parent;
      }
      return -1;
    },
    candidate,
    list() {
      // The worst first off the heap: filled from the end.
      const found = new Array<Candidate>(length);
      while (length > 0) {
        found[length - 1] = candidate(handles[0]!);
        length--;
        orders[0] = orders[length]!;
        handles[0] = handles[length]!;
        down(0);
      }
      return found;
    },
  };
}
