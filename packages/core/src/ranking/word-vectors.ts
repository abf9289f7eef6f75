import { closestWords, pairDotProducts } from './closest-words.js';
import { SCREEN_FROM, SCREEN_MARGIN, similarityScreen } from './similarity-screen.js';
import { isContentWord, splitWords } from './tokenize.js';

/** A table of word vectors (GloVe, word2vec, fastText…), most frequent word first. */
export interface WordVectors {
  /** Lower-case words; a word's position is its frequency rank (0 the most frequent). */
  readonly words: readonly string[];
  readonly dimensions: number;
  /** `words.length × dimensions` numbers, word after word. */
  readonly values: Float32Array;
}

/** The words of a text found in the table, each once, with its weight. */
export interface WordBag {
  readonly slots: Int32Array;
  readonly weights: Float32Array;
}

/** Lookups, similarities and frequency weights over a word-vector table; the table itself is not copied. */
export interface WordVectorTable {
  readonly dimensions: number;
  /** How many words it holds (slots run from 0 to `size - 1`). */
  readonly size: number;
  /** The content words of a text that have a vector, each once, weighted by rarity times how often it is said. */
  bag(text: string): WordBag;
  /** The word at a slot. */
  wordOf(slot: number): string;
  /** Cosine similarity of two words given by slot. */
  similarity(a: number, b: number): number;
  /** The highest cosine similarity of a word to any of some words (1 when it is one of them). */
  closest(slot: number, others: Int32Array): number;
  /**
   * `closest` of each of many words, into `into` (`into[i]` for `slots[i]`); several times faster for many. With
   * `atLeast`, a word whose closest similarity is surely below it gets an estimate below it instead (WebAssembly
   * SIMD screens them); the others are exact.
   */
  closestEach(slots: ArrayLike<number>, others: Int32Array, into: Float64Array, atLeast?: number): void;
  /** The weighted mean of a bag's unit vectors, scaled to length 1 (all zeros for an empty bag). */
  mean(bag: WordBag): Float32Array;
}

/** Smoothing of the frequency weight `a / (a + p(word))` (Arora et al., 2017). */
const SIF_A = 1e-3;

const tables = new WeakMap<WordVectors, WordVectorTable>();

/** The table of a word-vector set, made once per set (rankers made per registry share it). */
export function wordVectorTableOf(vectors: WordVectors): WordVectorTable {
  let table = tables.get(vectors);
  if (!table) {
    table = createWordVectorTable(vectors);
    tables.set(vectors, table);
  }
  return table;
}

/** How many words met lately a table keeps by their slot, in a small map. */
const RECENT_WORDS = 4_096;

/**
 * Wrap a word-vector table: words are looked up as the lexical ranker splits them (stop words and numbers left out),
 * and weighted `a / (a + p)` with `p` the word's probability estimated from its frequency rank (Zipf's law).
 */
export function createWordVectorTable(vectors: WordVectors): WordVectorTable {
  const { words, dimensions, values } = vectors;
  if (!Number.isInteger(dimensions) || dimensions <= 0) {
    throw new RangeError(`word vectors need a positive whole number of dimensions, not ${dimensions}`);
  }
  if (values.length !== words.length * dimensions) {
    throw new RangeError(
      `word vectors hold ${values.length} numbers; ${words.length} words of ${dimensions} dimensions need ${words.length * dimensions}`,
    );
  }
  const slots = new Map<string, number>();
  words.forEach((word, slot) => {
    if (!slots.has(word)) slots.set(word, slot);
  });
  // The words met lately and their slots (-1: not in the table), kept apart from the table's large map, which a
  // lookup reads from far in memory.
  const recent = new Map<string, number>();
  const slotOf = (word: string): number | undefined => {
    let slot = recent.get(word);
    if (slot === undefined) {
      slot = slots.get(word) ?? -1;
      if (recent.size >= RECENT_WORDS) recent.clear();
      recent.set(word, slot);
    }
    return slot < 0 ? undefined : slot;
  };
  const harmonic = Math.log(Math.max(words.length, 2)) + 0.5772;
  const inverseNorms = new Float32Array(words.length);
  for (let slot = 0; slot < words.length; slot++) {
    let squares = 0;
    for (let at = slot * dimensions; at < (slot + 1) * dimensions; at++) squares += values[at]! ** 2;
    inverseNorms[slot] = squares > 0 ? 1 / Math.sqrt(squares) : 0;
  }

  const similarity = (a: number, b: number) => {
    if (a === b) return 1;
    let sum = 0;
    const ia = a * dimensions;
    const ib = b * dimensions;
    for (let d = 0; d < dimensions; d++) sum += values[ia + d]! * values[ib + d]!;
    return sum * inverseNorms[a]! * inverseNorms[b]!;
  };

  const data = { dimensions, values, inverseNorms };
  const screen = similarityScreen(data);
  /** `closest` against the first `count` of some words. */
  const closestOf = (slot: number, others: ArrayLike<number>, count: number) => {
    for (let at = 0; at < count; at++) if (others[at] === slot) return 1;
    let best = -1;
    const base = slot * dimensions;
    let at = 0;
    // Four other words at a time, each dot product still summed dimension by dimension (the same numbers).
    for (; at + 4 <= count; at += 4) {
      const a = others[at]! * dimensions;
      const b = others[at + 1]! * dimensions;
      const c = others[at + 2]! * dimensions;
      const e = others[at + 3]! * dimensions;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let d = 0; d < dimensions; d++) {
        const value = values[base + d]!;
        s0 += value * values[a + d]!;
        s1 += value * values[b + d]!;
        s2 += value * values[c + d]!;
        s3 += value * values[e + d]!;
      }
      s0 *= inverseNorms[others[at]!]!;
      if (s0 > best) best = s0;
      s1 *= inverseNorms[others[at + 1]!]!;
      if (s1 > best) best = s1;
      s2 *= inverseNorms[others[at + 2]!]!;
      if (s2 > best) best = s2;
      s3 *= inverseNorms[others[at + 3]!]!;
      if (s3 > best) best = s3;
    }
    for (; at < count; at++) {
      const start = others[at]! * dimensions;
      let sum = 0;
      for (let d = 0; d < dimensions; d++) sum += values[base + d]! * values[start + d]!;
      sum *= inverseNorms[others[at]!]!;
      if (sum > best) best = sum;
    }
    return best * inverseNorms[slot]!;
  };
  const closest = (slot: number, others: Int32Array) => closestOf(slot, others, others.length);
  // The pairs of a screened word and another whose estimate may be its highest, their dot products, and where each
  // word's pairs start (reused).
  let firsts = new Int32Array(0);
  let seconds = new Int32Array(0);
  let products = new Float64Array(0);
  let pairsOf = new Int32Array(0);
  // Each word's scale and where its vector starts, for `mean` (reused).
  let scales = new Float64Array(0);
  let starts = new Int32Array(0);

  return {
    dimensions,
    size: words.length,
    bag(text) {
      // The words in the order first said, and where each is among them.
      const found: number[] = [];
      const weights: number[] = [];
      const placed = new Map<number, number>();
      for (const word of splitWords(text)) {
        if (!isContentWord(word)) continue;
        const slot = slotOf(word);
        if (slot === undefined || inverseNorms[slot] === 0) continue;
        // A word said again weighs again: what a text repeats is what it is about.
        const weight = SIF_A / (SIF_A + 1 / ((slot + 1) * harmonic));
        const at = placed.get(slot);
        if (at === undefined) {
          placed.set(slot, found.length);
          found.push(slot);
          weights.push(0 + weight);
        } else weights[at]! += weight;
      }
      return { slots: Int32Array.from(found), weights: Float32Array.from(weights) };
    },
    wordOf: (slot) => words[slot] ?? '',
    similarity,
    closest,
    closestEach(slots, others, into, atLeast) {
      if (atLeast === undefined || slots.length < SCREEN_FROM || !screen.ready()) {
        closestWords(data, slots, others, into);
        return;
      }
      const each = screen.closest(slots, others, into);
      // Only what may reach `atLeast` is worked out exactly (in doubles, as `closestWords` does), and only against
      // the other words whose estimate may be its highest: the same highest similarity, to the last bit. The pairs
      // of all the words are worked out together (a word has one or two such others, most often).
      if (firsts.length < slots.length * others.length) {
        firsts = new Int32Array(slots.length * others.length * 2);
        seconds = new Int32Array(firsts.length);
        products = new Float64Array(firsts.length);
      }
      if (pairsOf.length <= slots.length) pairsOf = new Int32Array(slots.length * 2 + 1);
      let pairs = 0;
      for (let at = 0; at < slots.length; at++) {
        pairsOf[at] = pairs;
        const rough = into[at]!;
        if (rough < atLeast - SCREEN_MARGIN) continue;
        const cut = rough - SCREEN_MARGIN;
        const row = at * others.length;
        const slot = slots[at]!;
        const first = pairs;
        for (let j = 0; j < others.length; j++) {
          if (each[row + j]! < cut) continue;
          // A word among the others is 1 without more ado.
          if (others[j] === slot) {
            pairs = first;
            into[at] = 1;
            break;
          }
          firsts[pairs] = slot;
          seconds[pairs++] = others[j]!;
        }
      }
      pairsOf[slots.length] = pairs;
      pairDotProducts(data, firsts, seconds, pairs, products);
      for (let at = 0; at < slots.length; at++) {
        if (pairsOf[at] === pairsOf[at + 1]) continue;
        let best = -1;
        for (let pair = pairsOf[at]!; pair < pairsOf[at + 1]!; pair++) {
          const cosine = products[pair]! * inverseNorms[seconds[pair]!]!;
          if (cosine > best) best = cosine;
        }
        into[at] = best * inverseNorms[slots[at]!]!;
      }
    },
    mean(bag) {
      const { slots, weights } = bag;
      if (scales.length < slots.length) {
        scales = new Float64Array(slots.length * 2);
        starts = new Int32Array(slots.length * 2);
      }
      // Held in constants, which the loops below read faster than the closure's variables.
      const scale = scales;
      const start = starts;
      const numbers = values;
      const count = slots.length;
      for (let at = 0; at < count; at++) {
        scale[at] = weights[at]! * inverseNorms[slots[at]!]!;
        start[at] = slots[at]! * dimensions;
      }
      // Dimension by dimension, each summed word by word and rounded to 32 bits after each word, as a running sum
      // kept in a Float32Array would be: the same numbers, the sum held in a register.
      // Four dimensions at a time: four sums that do not wait on each other.
      const sum = new Float32Array(dimensions);
      let d = 0;
      for (; d + 4 <= dimensions; d += 4) {
        let t0 = 0;
        let t1 = 0;
        let t2 = 0;
        let t3 = 0;
        for (let at = 0; at < count; at++) {
          const by = scale[at]!;
          const from = start[at]! + d;
          t0 = Math.fround(t0 + by * numbers[from]!);
          t1 = Math.fround(t1 + by * numbers[from + 1]!);
          t2 = Math.fround(t2 + by * numbers[from + 2]!);
          t3 = Math.fround(t3 + by * numbers[from + 3]!);
        }
        sum[d] = t0;
        sum[d + 1] = t1;
        sum[d + 2] = t2;
        sum[d + 3] = t3;
      }
      for (; d < dimensions; d++) {
        let total = 0;
        for (let at = 0; at < count; at++) total = Math.fround(total + scale[at]! * numbers[start[at]! + d]!);
        sum[d] = total;
      }
      let squares = 0;
      for (let at = 0; at < dimensions; at++) squares += sum[at]! * sum[at]!;
      if (squares > 0) {
        const inverse = 1 / Math.sqrt(squares);
        for (let d = 0; d < dimensions; d++) sum[d]! *= inverse;
      }
      return sum;
    },
  };
}
