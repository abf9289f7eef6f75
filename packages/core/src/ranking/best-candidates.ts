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
 * A best-first list kept to `count` items, held in typed arrays (a pass offers it some 300 documents and keeps 64:
 * no object is made for those that fall off again). Equal orders keep the one offered first ahead.
 */
export interface BestHead {
  /** How many it holds (at most `count`). */
  readonly length: number;
  /** The order of the last it holds (read when full). */
  lastOrder(): number;
  /**
   * Offer a document: `'refused'` when the list is full and it orders at or below the last; `'kept'`; or `'bumped'`
   * when it was kept and the last fell off (`fallen()` gives that one until the next offer).
   */
  offer(
    slot: number,
    order: number,
    mask: number,
    share: number,
    name: number,
    about: number,
    relevance: number,
  ): 'refused' | 'kept' | 'bumped';
  fallen(): Candidate;
  /** The items, best first. */
  items(): Candidate[];
}

/** An empty best-first list kept to `count` (at least 1) items. */
export function createBestHead(count: number): BestHead {
  // One row more than kept: an offer shifts the rows below its place by one, and the last may land in row `count`.
  const rows = count + 1;
  const slots = new Int32Array(rows);
  const masks = new Int32Array(rows);
  const orders = new Float64Array(rows);
  const shares = new Float64Array(rows);
  const names = new Float64Array(rows);
  const abouts = new Float64Array(rows);
  const relevances = new Float64Array(rows);
  let length = 0;
  const candidateAt = (row: number): Candidate => ({
    slot: slots[row]!,
    order: orders[row]!,
    mask: masks[row]!,
    share: shares[row]!,
    name: names[row]!,
    about: abouts[row]!,
    relevance: relevances[row]!,
  });
  return {
    get length() {
      return length;
    },
    lastOrder: () => orders[length - 1]!,
    offer(slot, order, mask, share, name, about, relevance) {
      if (length >= count && order <= orders[length - 1]!) return 'refused';
      let at = length;
      while (at > 0 && orders[at - 1]! < order) at--;
      if (at < length) {
        slots.copyWithin(at + 1, at, length);
        masks.copyWithin(at + 1, at, length);
        orders.copyWithin(at + 1, at, length);
        shares.copyWithin(at + 1, at, length);
        names.copyWithin(at + 1, at, length);
        abouts.copyWithin(at + 1, at, length);
        relevances.copyWithin(at + 1, at, length);
      }
      slots[at] = slot;
      masks[at] = mask;
      orders[at] = order;
      shares[at] = share;
      names[at] = name;
      abouts[at] = about;
      relevances[at] = relevance;
      if (length < count) {
        length++;
        return 'kept';
      }
      return 'bumped';
    },
    fallen: () => candidateAt(count),
    items() {
      const items: Candidate[] = [];
      for (let row = 0; row < length; row++) items.push(candidateAt(row));
      return items;
    },
  };
}
