import { describe, expect, it } from 'vitest';
import { type Aspects, diversify } from './diversify.js';
import { diversifyBits, diversifyMasks } from './diversify-masks.js';

/** 64 candidates of random orders, each matching random groups of `weights` (as aspects and as a mask). */
function candidatesOf(seed: number, weights: readonly number[]) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const aspects: Aspects[] = [];
  const masks: number[] = [];
  for (let at = 0; at < 64; at++) {
    const groups = [];
    let mask = 0;
    for (let group = 0; group < weights.length; group++) {
      if (next() < 0.3) {
        groups.push({ group, weight: weights[group]! });
        if (group < 31) mask |= 1 << group;
      }
    }
    aspects.push({ order: Math.floor(next() * 50) / 50 + next() / 1e6, groups });
    masks.push(mask);
  }
  return { aspects, masks };
}

describe('diversifyMasks', () => {
  it('picks and scores as diversify does, to the last bit, up to 31 groups', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const size of [1, 5, 24, 31]) {
        const weights = Array.from({ length: size }, (_, at) => 0.3 + ((at * 7919 + seed) % 13) / 7.1);
        const { aspects, masks } = candidatesOf(seed * 31 + size, weights);
        const orders = aspects.map((candidate) => candidate.order);
        for (const novelty of [0.3, 0.5, 1]) {
          expect(diversifyMasks(orders, masks, weights, novelty)).toEqual(diversify(aspects, novelty));
        }
      }
    }
  });

  it('picks and scores as diversify does with any number of groups, as bits of several words', () => {
    for (const seed of [1, 2, 3]) {
      for (const size of [5, 31, 32, 33, 70]) {
        const weights = Array.from({ length: size }, (_, at) => 0.3 + ((at * 7919 + seed) % 13) / 7.1);
        const { aspects } = candidatesOf(seed * 97 + size, weights);
        const words = Math.ceil(size / 32);
        const bits = new Int32Array(aspects.length * words);
        aspects.forEach((candidate, at) => {
          for (const { group } of candidate.groups) bits[at * words + (group >> 5)]! |= 1 << (group & 31);
        });
        const orders = aspects.map((candidate) => candidate.order);
        for (const novelty of [0.3, 0.5, 1]) {
          expect(diversifyBits(orders, bits, words, weights, novelty)).toEqual(diversify(aspects, novelty));
        }
      }
    }
  });

  it('lowers the gain of a candidate whose groups an earlier pick covered', () => {
    const picks = diversifyMasks([1, 0.9, 0.8], [0b01, 0b01, 0b10], [1, 1], 0.5);
    expect(picks.map((pick) => pick.index)).toEqual([0, 2, 1]);
    expect(picks[2]!.score).toBe(0.45);
  });
});
