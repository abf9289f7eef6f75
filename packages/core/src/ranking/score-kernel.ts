import type { ScoreAccumulator } from './accumulate-scores.js';
import type { ImpactList } from './impact-list.js';
import { SCORE_KERNEL } from './score-kernel-bytes.js';

/**
 * The lexical pass's BM25F accumulation in WebAssembly (score-kernel.wat): the scratch space and every term's impact
 * list live in its memory, so a query writes only a small table of its groups there. Its answers are those of
 * `accumulateScores` to the bit, and its `largest` and `above` (the seeded floor's, seeded-floor.ts) those of
 * `largestSum` and `slotsAbove`. Figures: docs/benchmarks/ranking.md (speed passes 7 and 8).
 *
 * Memory: per slot 56 bytes of scratch (below `capacity`: group counts and stamps, sums, marks, two slot lists, each
 * list with room for one more: the kernel writes a slot past the end before it knows whether to keep it; a byte of
 * the caller's wanted marks, and 7 spare), then the arena of impact lists (each entry beside its value: one stream to
 * read), then the query's table.
 */
const SLOT_BYTES = 56;
const SPARE = 32;
const PAGE = 65_536;

type Accumulate = (
  table: number,
  groups: number,
  k1: number,
  inverseFull: number,
  query: number,
  terms: number,
  sums: number,
  marks: number,
  termSlots: number,
  slots: number,
) => number;

type Largest = (slots: number, count: number, sums: number, k: number, heap: number) => number;

type Above = (
  slots: number,
  from: number,
  count: number,
  sums: number,
  total: number,
  least: number,
  wanted: number,
  out: number,
) => number;

// The module compiled for the WebAssembly object it was compiled with (`undefined`: refused).
let compiledFor: unknown;
let compiled: WebAssembly.Module | undefined;

function kernelModule(): WebAssembly.Module | undefined {
  const api = globalThis.WebAssembly as typeof WebAssembly | undefined;
  if (typeof api !== 'object' || api === null) return undefined;
  if (compiledFor !== api) {
    compiledFor = api;
    try {
      compiled = new api.Module(Uint8Array.from(atob(SCORE_KERNEL), (char) => char.charCodeAt(0)));
    } catch {
      // A Content-Security-Policy without 'wasm-unsafe-eval', or an engine that cannot compile it.
      compiled = undefined;
    }
  }
  return compiled;
}

/** The WebAssembly accumulation over impact lists made by `build`, or `undefined` where WebAssembly is refused. */
export function createScoreKernel(build: (term: number) => ImpactList): ScoreAccumulator | undefined {
  const kernel = kernelModule();
  if (!kernel) return undefined;
  let memory: WebAssembly.Memory;
  let run: Accumulate;
  let largest: Largest;
  let above: Above;
  try {
    memory = new WebAssembly.Memory({ initial: 1 });
    const { exports } = new WebAssembly.Instance(kernel, { env: { memory } });
    run = exports.accumulate as Accumulate;
    largest = exports.largest as Largest;
    above = exports.above as Above;
  } catch {
    return undefined;
  }
  let capacity = 0;
  // The arena starts at `base` (the end of the scratch space); `top` bytes of it are used, `garbage` of them dropped.
  let base = 0;
  let top = 0;
  let garbage = 0;
  let stamp = 0;
  // Per term, where its list starts in the arena (-1 or a hole: not built) and its length.
  let starts: number[] = [];
  let lengths: number[] = [];
  const counted = new Set<number>();
  // Views of the memory, made again after it grows (growing detaches them).
  let buffer: ArrayBuffer | undefined;
  let bytes = new Uint8Array(0);
  let ints = new Int32Array(0);
  let singles = new Float32Array(0);
  let floats = new Float64Array(0);
  let sums = new Float32Array(0);
  let marks = new Int32Array(0);

  const views = () => {
    if (buffer === memory.buffer) return;
    buffer = memory.buffer;
    bytes = new Uint8Array(buffer);
    ints = new Int32Array(buffer);
    singles = new Float32Array(buffer);
    floats = new Float64Array(buffer);
    sums = new Float32Array(buffer, capacity * 16, capacity * 4);
    marks = new Int32Array(buffer, capacity * 32, capacity * 2);
  };

  /** Memory for `end` bytes, grown by half again at least. */
  const room = (end: number) => {
    const pages = memory.buffer.byteLength / PAGE;
    const missing = Math.ceil(end / PAGE) - pages;
    if (missing > 0) memory.grow(Math.max(missing, pages >> 1));
    views();
  };

  /** Move the live lists down over the dropped ones, in arena order. */
  const compact = () => {
    const live: number[] = [];
    for (let term = 0; term < starts.length; term++) if ((starts[term] ?? -1) >= 0) live.push(term);
    live.sort((a, b) => starts[a]! - starts[b]!);
    let end = 0;
    for (const term of live) {
      const start = starts[term]!;
      const size = lengths[term]! * 8;
      if (start !== end) bytes.copyWithin(base + end, base + start, base + start + size);
      starts[term] = end;
      end += size;
    }
    top = end;
    garbage = 0;
  };

  const store = (term: number) => {
    const { entries, values } = build(term);
    const length = entries.length;
    if (garbage > 0 && garbage * 2 >= top) compact();
    room(base + top + length * 8);
    const at = (base + top) / 4;
    for (let i = 0; i < length; i++) {
      ints[at + i * 2] = entries[i]!;
      singles[at + i * 2 + 1] = values[i]!;
    }
    starts[term] = top;
    lengths[term] = length;
    top += length * 8;
  };

  return {
    reserve(slots) {
      if (slots <= capacity) return;
      const next = slots * SLOT_BYTES + SPARE;
      room(next + top);
      bytes.copyWithin(next, base, base + top);
      bytes.fill(0, 0, next);
      capacity = slots;
      base = next;
      stamp = 0;
      buffer = undefined;
      views();
    },
    drop(term) {
      const start = starts[term] ?? -1;
      if (start < 0) return;
      garbage += lengths[term]! * 8;
      starts[term] = -1;
    },
    dropAll() {
      starts = [];
      lengths = [];
      top = 0;
      garbage = 0;
    },
    accumulate(groups, { k1, full, keyWeight }) {
      if (stamp > 2 ** 30) {
        bytes.fill(0, 0, capacity * 16);
        bytes.fill(0, capacity * 32, capacity * 40);
        stamp = 0;
      }
      let members = 0;
      for (const group of groups) {
        for (const { id } of group.members) if ((starts[id] ?? -1) < 0) store(id);
        members += group.members.length;
      }
      // The table, after the arena: per group 16 bytes, per member 24 (see score-kernel.wat).
      const table = base + top;
      room(table + groups.length * 16 + members * 24);
      counted.clear();
      let at = table;
      let stamps = 0;
      for (let group = 0; group < groups.length; group++) {
        const { weight, members } = groups[group]!;
        floats[at / 8] = weight;
        ints[at / 4 + 2] = group < 31 ? 1 << group : 0;
        ints[at / 4 + 3] = members.length;
        at += 16;
        if (members.length !== 1) stamps++;
        for (const { id, factor } of members) {
          // A term counts once towards a document's key coverage, however many groups it stands in.
          const key = counted.has(id) ? 0 : keyWeight(id) * factor;
          counted.add(id);
          ints[at / 4] = base + starts[id]!;
          ints[at / 4 + 1] = lengths[id]!;
          floats[at / 8 + 1] = factor;
          floats[at / 8 + 2] = key;
          at += 24;
        }
      }
      const query = stamp + 1;
      const slots = capacity * 44 + SPARE / 2;
      const sumsAt = capacity * 16;
      const termSlots = capacity * 40;
      const marked = capacity * 48 + SPARE;
      const slotCount = capacity;
      const count = run(
        table,
        groups.length,
        k1,
        1 / full,
        query,
        0,
        sumsAt,
        capacity * 32,
        termSlots,
        slots,
      );
      stamp = query + stamps;
      return {
        slots: new Int32Array(buffer!, slots, count),
        sums,
        marks,
        // Its heap where the group's slots were listed (room for `capacity`; `k` is at most `count`).
        largest: (k) => largest(slots, count, sumsAt, k, termSlots),
        // Its slots where the group's slots were listed, the wanted marks copied in after the lists.
        above(from, total, least, wanted) {
          const copied = Math.min(wanted?.length ?? 0, slotCount);
          if (wanted) bytes.set(wanted.subarray(0, copied), marked);
          bytes.fill(0, marked + copied, marked + slotCount);
          const kept = above(slots, from, count, sumsAt, total, least, marked, termSlots);
          return new Int32Array(buffer!, termSlots, kept);
        },
      };
    },
  };
}
