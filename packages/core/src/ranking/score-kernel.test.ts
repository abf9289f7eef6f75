import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import wabt from 'wabt';
import {
  type AccumulateSettings,
  createScratchAccumulator,
  largestSum,
  type QueryGroup,
  type ScoreAccumulator,
  type Scores,
} from './accumulate-scores.js';
import type { ImpactList } from './impact-list.js';
import { createScoreKernel } from './score-kernel.js';
import { SCORE_KERNEL } from './score-kernel-bytes.js';
import { seededRandom } from './seeded-random.fixture.js';
import { createTermIndex, type TermIndex } from './term-index.js';

/** What a caller reads of an accumulation, copied: the slots in order, and per slot its sums' bits and group bits. */
function copied({ slots, sums, marks }: Scores) {
  const bits = new Uint32Array(sums.buffer, sums.byteOffset, sums.length);
  return [...slots].map((slot) => [slot, ...bits.subarray(slot * 4, slot * 4 + 4), marks[slot * 2 + 1]!]);
}

/**
 * What the seeded floor reads of an accumulation (lexical-pass.ts): the k-th largest BM25F sum for a few k, and the
 * places above a few floors from a few places on, with and without wanted marks.
 */
function seedings(scores: Scores, random: () => number, slots: number) {
  const count = scores.slots.length;
  const wanted = Uint8Array.from({ length: slots + 64 }, () => (random() > 0.3 ? 1 : 0));
  const ks = [1, 2, 64, count, count + 1, 1 + Math.floor((random() + 0.5) * count)];
  const largest = ks.map((k) => scores.largest(k));
  const above = [0, 0.05, 0.3, 0.8].flatMap((share) => {
    const least = share * (largest[1] ?? 0);
    const from = Math.floor((random() + 0.5) * count);
    const total = 0.5 + (random() + 0.5) * 3;
    return [
      [...scores.above(from, total, least / total, undefined)],
      [...scores.above(0, total, least / total, wanted)],
      [...scores.above(from, total, least / total, wanted.subarray(0, Math.floor(slots / 2)))],
    ];
  });
  return { largest, above };
}

/** Query groups over term ids below `terms`: one to three members each, 1 to 40 groups (past the 31 group bits). */
function randomGroups(random: () => number, terms: number): QueryGroup[] {
  const count = 1 + Math.floor((random() + 0.5) * (random() > 0.3 ? 6 : 40));
  return Array.from({ length: count }, () => ({
    weight: (random() + 0.5) * 6,
    members: Array.from({ length: random() > 0 ? 1 : 1 + Math.floor((random() + 0.5) * 3) }, () => ({
      id: Math.floor((random() + 0.5) * terms),
      factor: random() > -0.2 ? 1 : random() + 0.6,
    })),
  }));
}

const settingsOf = (random: () => number): AccumulateSettings => {
  const weights = Array.from({ length: 64 }, () => (random() > -0.3 ? (random() + 0.5) * 5 : 0));
  return { k1: 1.2, full: 0.8, keyWeight: (term) => weights[term % 64]! };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the score kernel', () => {
  it('is the compiled score-kernel.wat (run `npm run build:wasm` after editing it)', async () => {
    const compiler = await wabt();
    const parsed = compiler.parseWat(
      'score-kernel.wat',
      readFileSync(new URL('./score-kernel.wat', import.meta.url), 'utf8'),
    );
    parsed.validate();
    const { buffer } = parsed.toBinary({});
    parsed.destroy();
    expect(Buffer.from(buffer).toString('base64')).toBe(SCORE_KERNEL);
  });

  it('answers undefined where WebAssembly is missing or refuses to compile', () => {
    const build = () => ({ entries: new Int32Array(0), values: new Float32Array(0) });
    expect(createScoreKernel(build)).toBeDefined();
    vi.stubGlobal('WebAssembly', undefined);
    expect(createScoreKernel(build)).toBeUndefined();
    class Refused {
      constructor() {
        throw new EvalError("Content-Security-Policy: no 'wasm-unsafe-eval'");
      }
    }
    vi.stubGlobal('WebAssembly', { ...WebAssembly, Module: Refused });
    expect(createScoreKernel(build)).toBeUndefined();
  });

  it('answers undefined where no more memory is given, and the index scores in JavaScript', () => {
    const build = () => ({ entries: new Int32Array(0), values: new Float32Array(0) });
    class OutOfMemory {
      constructor() {
        throw new RangeError('WebAssembly.Memory(): could not allocate memory');
      }
    }
    vi.stubGlobal('WebAssembly', { ...WebAssembly, Memory: OutOfMemory });
    expect(createScoreKernel(build)).toBeUndefined();
    const index = createTermIndex({ weights: [3, 1], b: [0.5, 0.75] });
    index.add({
      id: 'a',
      fields: [
        ['lock', 'note'],
        ['keep', 'note', 'safe'],
      ],
      keyTerms: [],
    });
    expect([
      ...index.accumulate(
        [{ weight: 1, members: [{ id: 0, factor: 1 }] }],
        settingsOf(() => 0.1),
      ).slots,
    ]).toEqual([0]);
  });

  it('scores exactly as the JavaScript accumulation over lists that change, slots that grow, 40 groups', () => {
    const random = seededRandom(2026);
    // Per term a version: its list is made again from it after a drop (a changed list of the same term).
    const versions = new Array<number>(80).fill(0);
    let slots = 64;
    const build = (term: number): ImpactList => {
      const list = seededRandom(term * 7919 + versions[term]! * 104_729 + 1);
      const length = term % 9 === 0 ? 0 : Math.floor((list() + 0.5) * Math.min(slots, 300));
      const chosen = new Set<number>();
      while (chosen.size < length) chosen.add(Math.floor((list() + 0.5) * slots));
      const entries = Int32Array.from(chosen, (slot) => (slot << 8) | (1 + Math.floor((list() + 0.5) * 7)));
      const values = Float32Array.from(chosen, () => (list() + 0.5) * 4);
      return { entries, values };
    };
    const kernel = createScoreKernel(build)!;
    const script = createScratchAccumulator(build);
    const both: ScoreAccumulator[] = [kernel, script];
    for (const accumulator of both) accumulator.reserve(slots);
    for (let round = 0; round < 400; round++) {
      const change = random();
      if (change > 0.42) {
        slots = Math.min(slots * 2, 4096);
        for (const accumulator of both) accumulator.reserve(slots);
      } else if (change > 0.38) {
        for (const accumulator of both) accumulator.dropAll();
      } else if (change > -0.2) {
        const term = Math.floor((random() + 0.5) * 80);
        versions[term]!++;
        for (const accumulator of both) accumulator.drop(term);
      }
      const groups = randomGroups(random, 80);
      const settings = settingsOf(random);
      const scripted = script.accumulate(groups, settings);
      const expected = copied(scripted);
      const computed = kernel.accumulate(groups, settings);
      expect(copied(computed), `round ${round}`).toEqual(expected);
      // The same random numbers for both.
      const seed = Math.floor((random() + 0.5) * 1e6);
      expect(seedings(computed, seededRandom(seed + 1), slots), `round ${round}`).toEqual(
        seedings(scripted, seededRandom(seed + 1), slots),
      );
    }
  });

  it('finds the k-th largest sum as a sort does', () => {
    const random = seededRandom(8);
    for (let round = 0; round < 200; round++) {
      const count = Math.floor((random() + 0.5) * 300);
      const slots = Int32Array.from({ length: count }, (_, at) => at * 3);
      // Few distinct values: ties.
      const sums = Float32Array.from({ length: count * 12 + 4 }, () => Math.floor((random() + 0.5) * 20) / 4);
      const sorted = [...slots].map((slot) => sums[slot * 4]!).sort((a, b) => b - a);
      const k = 1 + Math.floor((random() + 0.5) * (count + 2));
      expect(largestSum(slots, sums, k)).toBe(k <= count ? sorted[k - 1] : 0);
    }
  });
});

describe('a term index with and without WebAssembly', () => {
  const words = Array.from({ length: 60 }, (_, at) => `w${at}`);
  const documentOf = (random: () => number, id: string) => {
    const pick = (count: number) =>
      Array.from({ length: count }, () => words[Math.floor((random() + 0.5) ** 2 * words.length)]!);
    return {
      id,
      fields: [pick(3), pick(1 + Math.floor((random() + 0.5) * 4)), pick(Math.floor((random() + 0.5) * 20))],
      keyTerms: [pick(2), pick(3)],
    };
  };
  const fields = { weights: [3, 2, 1], b: [0.3, 0.5, 0.75] };

  it('accumulates the same bits through adds, removes, reused slots and drifting norms', () => {
    const kernel = createTermIndex(fields);
    vi.stubGlobal('WebAssembly', undefined);
    const script = createTermIndex(fields);
    vi.unstubAllGlobals();
    const random = seededRandom(22);
    const indexes: TermIndex[] = [kernel, script];
    for (let round = 0; round < 300; round++) {
      const id = `d${Math.floor((random() + 0.5) * 150)}`;
      if (random() > -0.25) {
        const document = documentOf(random, id);
        for (const index of indexes) index.add(document);
      } else {
        for (const index of indexes) index.remove(id);
      }
      if (round % 3 !== 0) continue;
      const groups = randomGroups(random, kernel.termCapacity + 2);
      const settings = settingsOf(random);
      const scripted = script.accumulate(groups, settings);
      const expected = copied(scripted);
      const computed = kernel.accumulate(groups, settings);
      expect(copied(computed), `round ${round}`).toEqual(expected);
      expect(seedings(computed, seededRandom(round + 1), kernel.slotCapacity)).toEqual(
        seedings(scripted, seededRandom(round + 1), kernel.slotCapacity),
      );
    }
    expect(kernel.size).toBeGreaterThan(50);
  });
});
