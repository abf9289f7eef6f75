import type { WordBag, WordVectorTable } from './word-vectors.js';

/** What the soft match keeps of a document: its word bag and the same words numbered densely. */
export interface SoftEntry {
  readonly bag: WordBag;
  /** Its words numbered densely (`softMatch.dense`), as in its bag. */
  readonly words: Int32Array;
}

/**
 * The soft match of one registry: each word of a candidate credited by its best cosine similarity to a query word,
 * counted from `floor` (0) to 1, and a document's rarity-weighted share of credited words. A word's credit depends on
 * it and the query's words only, so a query credits its candidates' words in as many steps as it likes (`begin`,
 * then `credit` of each batch), each word once, and every coverage is the same number.
 */
export function createSoftMatch(table: WordVectorTable, floor: number) {
  // The words of the documents numbered densely, so a query's credits fit in small arrays.
  const denseOf = new Map<number, number>();
  const denseSlots: number[] = [];
  // Per query, by dense word: its credit, and the stamp of the query that last credited it.
  let credits = new Float64Array(0);
  let stamps = new Int32Array(0);
  let stamp = 0;
  let query: Int32Array = new Int32Array(0);
  // The query's own words: their credit is 1 without a similarity (a word's closest to words it is among is 1).
  const said = new Set<number>();
  const words: number[] = [];
  const wordsDense: number[] = [];
  let closest = new Float64Array(0);

  return {
    /** A bag's words numbered densely (new words get new numbers). */
    dense(slots: Int32Array): Int32Array {
      return slots.map((slot) => {
        let word = denseOf.get(slot);
        if (word === undefined) {
          word = denseSlots.length;
          denseOf.set(slot, word);
          denseSlots.push(slot);
        }
        return word;
      });
    },
    /** Start a query: no word is credited yet. */
    begin(queryBag: WordBag): void {
      if (stamps.length < denseSlots.length || stamp === 0x7fffffff) {
        stamps = new Int32Array(denseSlots.length + 1024);
        credits = new Float64Array(denseSlots.length + 1024);
        stamp = 0;
      }
      stamp++;
      query = queryBag.slots;
      said.clear();
      for (const slot of query) said.add(slot);
    },
    /**
     * Credit the words of some entries not credited yet in this query, all at once (which lets the similarities be
     * worked out in blocks). Below the floor a word earns nothing, so only what may reach it gets its exact similarity.
     */
    credit(entries: Iterable<SoftEntry | undefined>): void {
      words.length = 0;
      wordsDense.length = 0;
      for (const entry of entries) {
        if (!entry) continue;
        const own = entry.words;
        for (let at = 0; at < own.length; at++) {
          const word = own[at]!;
          if (stamps[word] === stamp) continue;
          stamps[word] = stamp;
          if (said.has(denseSlots[word]!)) {
            credits[word] = 1;
            continue;
          }
          words.push(denseSlots[word]!);
          wordsDense.push(word);
        }
      }
      if (words.length === 0) return;
      if (closest.length < words.length) closest = new Float64Array(words.length * 2);
      table.closestEach(words, query, closest, floor);
      for (let at = 0; at < words.length; at++) {
        credits[wordsDense[at]!] = Math.max(0, (closest[at]! - floor) / (1 - floor));
      }
    },
    /**
     * Rarity-weighted share of the entry's words the query matches, each by its credit (its words credited); and into
     * `short`, the same measured against at most the query's own weight (a short query can only say a few words).
     */
    coverage(entry: SoftEntry, queryWeight: number, short: { value: number }): number {
      const { bag, words } = entry;
      let total = 0;
      let matched = 0;
      for (let at = 0; at < bag.slots.length; at++) {
        total += bag.weights[at]!;
        matched += bag.weights[at]! * credits[words[at]!]!;
      }
      const most = Math.min(total, queryWeight);
      short.value = most > 0 ? Math.min(1, matched / most) : 0;
      return total > 0 ? matched / total : 0;
    },
  };
}

/** A query's soft match (`createSoftMatch`). */
export type SoftMatch = ReturnType<typeof createSoftMatch>;
