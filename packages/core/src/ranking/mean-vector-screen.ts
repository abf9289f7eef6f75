import { createSimdDot } from './simd-dot.js';
import { createLeastOfBest } from './top-list.js';

/** 16-bit integers per unit of a vector's component (components of unit vectors lie in [-1, 1]). */
const SCALE = 32_767;

/** Rows are scanned in blocks of this many (a capacity is a whole number of them). */
const BLOCK = 64;

/**
 * The mean-vector index's screen: its vectors rounded to 16-bit integers in WebAssembly memory, scanned with SIMD.
 * `undefined` where WebAssembly SIMD is refused. A vector longer than 1 turns the screen off (its integer scores
 * could overflow); a query longer than 1 is not screened.
 */
export function createScreen(dimensions: number) {
  const simd = createSimdDot();
  if (!simd) return undefined;
  // Rows of eight-lane multiples; a capacity of whole blocks. Layout: the rows, one query row, a 32-bit score per
  // row, then four per block (the highest of each lane).
  const stride = Math.ceil(dimensions / 8) * 8;
  const rowBytes = stride * 2;
  let capacity = 0;
  let rows = new Int16Array(0);
  let usable = true;
  // The highest sum of absolute components of any vector set (a bound on each one's rounding error).
  let widest = 0;
  // The slots one search keeps in its first pass (reused).
  let passed = new Int32Array(0);

  const room = (needed: number) => {
    if (needed <= capacity) return;
    const grown = Math.max(Math.ceil(needed / BLOCK) * BLOCK, capacity * 2);
    const bytes = grown * rowBytes + rowBytes + grown * 4 + (grown / BLOCK) * 16;
    const pages = Math.ceil((bytes - simd.memory.buffer.byteLength) / 65_536);
    if (pages > 0) simd.memory.grow(pages);
    capacity = grown;
    rows = new Int16Array(simd.memory.buffer);
  };

  /** A vector's components rounded into row `at` (the query's row is `capacity`); false if it is longer than 1. */
  const write = (at: number, vector: Float32Array): number | undefined => {
    let squares = 0;
    let spread = 0;
    for (let d = 0; d < dimensions; d++) {
      squares += vector[d]! * vector[d]!;
      spread += Math.abs(vector[d]!);
    }
    if (!(squares <= 1 + 1e-6)) return undefined;
    const start = at * stride;
    for (let d = 0; d < dimensions; d++) rows[start + d] = Math.round(vector[d]! * SCALE);
    return spread;
  };

  return {
    set(slot: number, vector: Float32Array) {
      if (!usable) return;
      room(slot + 1);
      const spread = write(slot, vector);
      if (spread === undefined) usable = false;
      else widest = Math.max(widest, spread);
    },
    /**
     * The live slots (of the first `end`) that may be among the `count` nearest to `query`, in slot order; or
     * `undefined` when the query cannot be screened (the caller scans every vector). Without `holes`, every slot below
     * `end` is live and `ids` is not read.
     */
    shortlist(
      query: Float32Array,
      end: number,
      count: number,
      ids: readonly (string | undefined)[],
      holes: boolean,
    ) {
      if (!usable || end === 0 || count === 0) return undefined;
      room(end);
      const spread = write(capacity, query);
      if (spread === undefined) return undefined;
      const scoresAt = (capacity + 1) * rowBytes;
      const maximaAt = scoresAt + capacity * 4;
      simd.dot16(capacity * rowBytes, 0, rowBytes, Math.ceil(end / BLOCK), scoresAt, maximaAt);
      const rough = new Int32Array(simd.memory.buffer, scoresAt, end);
      // Rounding each component moves a score by at most this (in units of SCALE squared), each way.
      const bound = Math.ceil((0.5 * SCALE * (spread + widest) + 0.25 * dimensions) * (1 + 1e-6)) + 1;
      // What scores below `cut` cannot be among the best: it is further below `count` others than twice the bound.
      // First from the blocks' lanes (without holes, each lane's highest is a live row's score): of the whole blocks,
      // the `count`-th highest of them; then the running `count`-th best of the rows read, which only rises.
      let cut = Number.NEGATIVE_INFINITY;
      const whole = holes ? 0 : Math.floor(end / BLOCK);
      const maxima = new Int32Array(simd.memory.buffer, maximaAt, whole * 4);
      if (maxima.length >= count) {
        const lanes = createLeastOfBest(count);
        let least = 0;
        for (let lane = 0; lane < maxima.length; lane++) least = lanes.offer(maxima[lane]!);
        cut = least - 2 * bound;
      }
      const best = createLeastOfBest(count);
      let kept = 0;
      if (passed.length < end) passed = new Int32Array(capacity);
      let near = 0;
      // Only the lanes whose highest reaches `cut` are read, and only their rows that reach it are kept.
      for (let lane = 0; lane < maxima.length; lane++) {
        if (maxima[lane]! < cut) continue;
        const first = (lane >> 2) * BLOCK + (lane & 3);
        for (let slot = first; slot < first + BLOCK; slot += 4) {
          const score = rough[slot]!;
          if (score < cut) continue;
          passed[near++] = slot;
          const worst = best.offer(score);
          if (++kept >= count) cut = Math.max(cut, worst - 2 * bound);
        }
      }
      for (let slot = whole * BLOCK; slot < end; slot++) {
        const score = rough[slot]!;
        if (score < cut || (holes && ids[slot] === undefined)) continue;
        passed[near++] = slot;
        const worst = best.offer(score);
        if (++kept >= count) cut = Math.max(cut, worst - 2 * bound);
      }
      const shortlist: number[] = [];
      for (let at = 0; at < near; at++) {
        const slot = passed[at]!;
        if (rough[slot]! >= cut) shortlist.push(slot);
      }
      // In slot order, as the exact scores are offered.
      shortlist.sort((a, b) => a - b);
      return shortlist;
    },
  };
}
