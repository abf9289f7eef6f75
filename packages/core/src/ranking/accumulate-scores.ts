import type { ImpactList } from './impact-list.js';

/** Field 0 is the name; fields 1 and 2 the title and description (bits of an impact entry's field mask). */
const NAME_MASK = 1;
const ABOUT_MASK = 0b110;

/** A query term and the indexed terms that stand for it, each with the share of a match it is worth. */
export interface QueryGroup {
  readonly weight: number;
  readonly members: ReadonlyArray<{ readonly id: number; readonly factor: number }>;
}

/**
 * Scores of one accumulation: the touched `slots` in the order first touched, and by slot (for those slots only)
 * their sums and group bits. The arrays are reused: they hold until the next accumulation.
 */
export interface Scores {
  readonly slots: Int32Array;
  /**
   * Per slot, four side by side: its BM25F sum, its capped sum, and the key weight of the matched terms of its name
   * and of its title and description (name terms left out). In 32-bit floats: a pass touches half the registry's
   * sums, and half the bytes is what it gains (scores to seven digits order a head as well).
   */
  readonly sums: Float32Array;
  /** Per slot, two side by side: a stamp, then bit g set when the document matches query group g (0 to 30 only). */
  readonly marks: Int32Array;
  /** The `k`-th largest BM25F sum of the touched slots (`sums[slot * 4]`), or 0 when fewer than `k` (≥ 1) are. */
  largest(k: number): number;
  /**
   * The slots of `slots` from place `from` on, in order, of the documents whose BM25F share (`sums[slot * 4] / total`)
   * is above `least`, or above 0 with `wanted[slot]` set. Holds until the next call of either.
   */
  above(from: number, total: number, least: number, wanted: Uint8Array | undefined): Int32Array;
}

/** How one accumulation scores. */
export interface AccumulateSettings {
  readonly k1: number;
  /** The saturated count that counts as a full match. */
  readonly full: number;
  /** Weight of a matched term towards a document's key coverage. */
  readonly keyWeight: (termId: number) => number;
}

/**
 * A term index's accumulation: its scratch space and each term's impact list (built by the index when first asked
 * for, kept until dropped). Two kinds: `createScoreKernel` (WebAssembly) and `createScratchAccumulator` (JavaScript,
 * where WebAssembly is refused); their answers are the same to the bit.
 */
export interface ScoreAccumulator {
  /** Room for documents in slots below `capacity` (the scores of earlier accumulations are lost). */
  reserve(capacity: number): void;
  /** Forget a term's impact list: its documents changed. */
  drop(term: number): void;
  /** Forget every impact list: the length norms changed. */
  dropAll(): void;
  /** `accumulateScores` of the groups over the impact lists; the answer holds until the next call. */
  accumulate(groups: readonly QueryGroup[], settings: AccumulateSettings): Scores;
}

/** The accumulation in JavaScript, over impact lists made by `build`. */
export function createScratchAccumulator(build: (term: number) => ImpactList): ScoreAccumulator {
  let scratch = createScoreScratch(0);
  let impacts: Array<ImpactList | undefined> = [];
  const impactsOf = (term: number) => {
    let list = impacts[term];
    if (!list) {
      list = build(term);
      impacts[term] = list;
    }
    return list;
  };
  return {
    reserve(capacity) {
      if (capacity > scratch.capacity) scratch = createScoreScratch(capacity);
    },
    drop(term) {
      impacts[term] = undefined;
    },
    dropAll() {
      impacts = [];
    },
    accumulate: (groups, settings) => accumulateScores(scratch, groups, settings, impactsOf),
  };
}

/** Reusable arrays of `accumulateScores`, indexed by document slot; made again when the slots outgrow them. */
export interface ScoreScratch {
  readonly capacity: number;
  /** Per slot, two side by side: the weighted count of the current term, and the stamp of the term that set it. */
  readonly terms: Float64Array;
  /**
   * Per slot, side by side (one cache line): its BM25F sum, capped sum, name key hits and about key hits; set to 0
   * when a query first touches the slot (the stamp in `marks` tells).
   */
  readonly sums: Float32Array;
  /** Per slot, side by side: the query stamp that last touched it, and its group bits. */
  readonly marks: Int32Array;
  readonly termSlots: Int32Array;
  readonly slots: Int32Array;
  /** Marks of the current query and term in `marks` and `terms`. */
  stamp: number;
}

/** Scratch space for documents in slots below `capacity`. */
export function createScoreScratch(capacity: number): ScoreScratch {
  return {
    capacity,
    terms: new Float64Array(capacity * 2),
    sums: new Float32Array(capacity * 4),
    marks: new Int32Array(capacity * 2),
    termSlots: new Int32Array(capacity),
    slots: new Int32Array(capacity),
    stamp: 0,
  };
}

/**
 * Sum, per document, of `weight * saturated` (BM25F) and of `weight * min(1, saturated / full)` over the query's
 * groups, where `saturated` is `tf / (k1 + tf)` of the field-weighted count `tf` of the group's members (each counted
 * times its `factor`), and the key hits of each document. Term at a time, over each member's impact list.
 */
export function accumulateScores(
  scratch: ScoreScratch,
  groups: readonly QueryGroup[],
  { k1, full, keyWeight }: AccumulateSettings,
  impactsOf: (termId: number) => ImpactList,
): Scores {
  if (scratch.stamp > 2 ** 30) {
    scratch.terms.fill(0);
    scratch.marks.fill(0);
    scratch.stamp = 0;
  }
  const query = ++scratch.stamp;
  const counted = new Set<number>();
  let count = 0;
  // Local names for the scratch arrays: the loops below run once per posting.
  const { terms, sums, marks, termSlots, slots } = scratch;
  const inverseFull = 1 / full;
  for (let group = 0; group < groups.length; group++) {
    const { weight, members } = groups[group]!;
    const bit = group < 31 ? 1 << group : 0;
    if (members.length === 1) {
      // One indexed term: each document has one entry, so it is saturated at once.
      const { id, factor } = members[0]!;
      const { entries, values } = impactsOf(id);
      const key = counted.has(id) ? 0 : keyWeight(id) * factor;
      counted.add(id);
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i]!;
        const slot = entry >>> 8;
        const mark = slot * 2;
        const at = slot * 4;
        if (marks[mark] !== query) {
          marks[mark] = query;
          marks[mark + 1] = 0;
          slots[count++] = slot;
          sums[at] = 0;
          sums[at + 1] = 0;
          sums[at + 2] = 0;
          sums[at + 3] = 0;
        }
        marks[mark + 1]! |= bit;
        const tf = factor * values[i]!;
        const saturated = tf / (k1 + tf);
        sums[at]! += weight * saturated;
        sums[at + 1]! += weight * Math.min(1, saturated * inverseFull);
        if (entry & NAME_MASK) sums[at + 2]! += key;
        else if (entry & ABOUT_MASK) sums[at + 3]! += key;
      }
      continue;
    }
    const term = ++scratch.stamp;
    let touched = 0;
    for (const { id, factor } of members) {
      const { entries, values } = impactsOf(id);
      // A term counts once towards a document's key coverage, however many groups it stands in.
      const key = counted.has(id) ? 0 : keyWeight(id) * factor;
      counted.add(id);
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i]!;
        const slot = entry >>> 8;
        const counting = slot * 2;
        if (terms[counting + 1] !== term) {
          terms[counting + 1] = term;
          terms[counting] = 0;
          termSlots[touched++] = slot;
          if (marks[slot * 2] !== query) {
            // First touched by this query: its sums start from 0 (its stamp is set below).
            const at = slot * 4;
            sums[at] = 0;
            sums[at + 1] = 0;
            sums[at + 2] = 0;
            sums[at + 3] = 0;
          }
        }
        terms[counting]! += factor * values[i]!;
        if (entry & NAME_MASK) sums[slot * 4 + 2]! += key;
        else if (entry & ABOUT_MASK) sums[slot * 4 + 3]! += key;
      }
    }
    for (let i = 0; i < touched; i++) {
      const slot = termSlots[i]!;
      const tf = terms[slot * 2]!;
      const mark = slot * 2;
      if (marks[mark] !== query) {
        marks[mark] = query;
        marks[mark + 1] = 0;
        slots[count++] = slot;
      }
      marks[mark + 1]! |= bit;
      const saturated = tf / (k1 + tf);
      sums[slot * 4]! += weight * saturated;
      sums[slot * 4 + 1]! += weight * Math.min(1, saturated * inverseFull);
    }
  }
  // The answer lives in the scratch arrays (valid until the next call): each slot's sums were set to 0 when first touched.
  const touched = slots.subarray(0, count);
  return {
    slots: touched,
    sums,
    marks,
    largest: (k) => largestSum(touched, sums, k),
    above: (from, total, least, wanted) => slotsAbove(touched, sums, from, total, least, wanted, termSlots),
  };
}

/** `Scores.above` into `into` (room for every slot). score-kernel.wat's `above` answers the same. */
export function slotsAbove(
  slots: Int32Array,
  sums: Float32Array,
  from: number,
  total: number,
  least: number,
  wanted: Uint8Array | undefined,
  into: Int32Array,
): Int32Array {
  let kept = 0;
  for (let i = from; i < slots.length; i++) {
    const slot = slots[i]!;
    const share = sums[slot * 4]! / total;
    if (share > least || (share > 0 && (wanted?.[slot] ?? 0) > 0)) into[kept++] = slot;
  }
  return into.subarray(0, kept);
}

/**
 * The `k`-th largest BM25F sum (`sums[slot * 4]`) of `slots`, or 0 when there are fewer than `k` (≥ 1): a heap of
 * the `k` largest seen, its least at the root. score-kernel.wat's `largest` answers the same.
 */
export function largestSum(slots: Int32Array, sums: Float32Array, k: number): number {
  if (k > slots.length || k < 1) return 0;
  const heap = new Float32Array(k);
  for (let i = 0; i < slots.length; i++) {
    const value = sums[slots[i]! * 4]!;
    let at: number;
    if (i < k) {
      // Up from the end while its parent is larger.
      at = i;
      while (at > 0 && heap[(at - 1) >> 1]! > value) {
        heap[at] = heap[(at - 1) >> 1]!;
        at = (at - 1) >> 1;
      }
    } else {
      if (!(value > heap[0]!)) continue;
      // The root replaced: down while a child is smaller.
      at = 0;
      for (let child = 1; child < k; child = at * 2 + 1) {
        if (child + 1 < k && heap[child + 1]! < heap[child]!) child++;
        if (!(heap[child]! < value)) break;
        heap[at] = heap[child]!;
        at = child;
      }
    }
    heap[at] = value;
  }
  return heap[0]!;
}
