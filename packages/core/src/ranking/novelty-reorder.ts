import { diversifyBits, diversifyMasks } from './diversify-masks.js';
import type { QueryGroup } from './term-index.js';

/** Some visited documents reordered for novelty by `novelty`: their indexes, best first, with their new scores. */
export type Reorder = (
  items: ReadonlyArray<{ readonly slot: number; readonly order: number; readonly mask: number }>,
  novelty: number,
) => Array<{ index: number; score: number }>;

/** What the reordering needs of an index: its term ids and each document's terms. */
interface Terms {
  readonly termCapacity: number;
  termsOf(slot: number): readonly number[];
}

/**
 * How a lexical pass reorders its candidates for novelty (`diversify` with the query's groups as aspects), made for
 * one index: the groups past 30, which a candidate's mask does not hold, are found from its terms.
 */
export function createNoveltyReorder(index: Terms): (groups: readonly QueryGroup[]) => Reorder {
  // Per term id: 1 + where its first group past 30 is in `linkGroups` (0: none), set while a reorder runs; and a bit
  // per term id set when it has one (a candidate's ~50 terms are looked up in 1/32 of the bytes, most without a link).
  let firstLinks = new Int32Array(0);
  let linked = new Int32Array(0);
  const linkGroups: number[] = [];
  const nextLinks: number[] = [];

  return (groups) => {
    const weights = groups.map((group) => group.weight);
    // Every group fits the masks: no aspects made per candidate.
    if (groups.length <= 31)
      return (items, novelty) =>
        diversifyMasks(
          items.map((item) => item.order),
          items.map((item) => item.mask),
          weights,
          novelty,
        );
    const words = Math.ceil(groups.length / 32);
    return (items, novelty) => {
      if (firstLinks.length < index.termCapacity) {
        firstLinks = new Int32Array(index.termCapacity + 64);
        linked = new Int32Array((firstLinks.length >> 5) + 1);
      }
      // The groups past 30 each term stands in, linked from the term.
      for (let group = 31; group < groups.length; group++) {
        for (const { id } of groups[group]!.members) {
          linkGroups.push(group);
          nextLinks.push(firstLinks[id]!);
          firstLinks[id] = linkGroups.length;
          linked[id >> 5]! |= 1 << (id & 31);
        }
      }
      const bits = new Int32Array(items.length * words);
      for (let at = 0; at < items.length; at++) {
        const item = items[at]!;
        bits[at * words] = item.mask & 0x7fffffff;
        for (const term of index.termsOf(item.slot)) {
          if ((linked[term >> 5]! & (1 << (term & 31))) === 0) continue;
          for (let link = firstLinks[term]!; link > 0; link = nextLinks[link - 1]!) {
            const group = linkGroups[link - 1]!;
            bits[at * words + (group >> 5)]! |= 1 << (group & 31);
          }
        }
      }
      for (let group = 31; group < groups.length; group++) {
        for (const { id } of groups[group]!.members) {
          firstLinks[id] = 0;
          linked[id >> 5] = 0;
        }
      }
      linkGroups.length = 0;
      nextLinks.length = 0;
      return diversifyBits(
        items.map((item) => item.order),
        bits,
        words,
        weights,
        novelty,
      );
    };
  };
}
