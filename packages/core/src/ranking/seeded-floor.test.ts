import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_B, DEFAULT_WEIGHTS, documentTerms, FIELDS } from './document-terms.js';
import { createLexicalPass } from './lexical-pass.js';
import { createLexicalRanker } from './lexical-ranker.js';
import type { Visit } from './lexical-ranker-types.js';
import { rankDocument } from './rank-document.fixture.js';
import { seededRandom } from './seeded-random.fixture.js';
import { createTermIndex } from './term-index.js';

// The seeded floor of the touched-documents loop (seeded-floor.ts, lexical-pass.ts) must leave every answer as it is
// without it. `rank` without a limit has no floor (it keeps everything), so it is the answer without the seed: with a
// limit up to the novelty head (30), the first hits are the same. With a relevance bar the head may end below the
// seed (the seed fails and what it left out is offered at the end), so three bars are asked. Run with and without
// WebAssembly (the kernel's `largest` and `above`, or the JavaScript ones).

const words = Array.from({ length: 50 }, (_, at) => `word${String.fromCharCode(97 + (at % 26))}${at}`);

function registry(random: () => number) {
  const pick = (count: number) =>
    Array.from({ length: count }, () => words[Math.floor((random() + 0.5) ** 1.5 * words.length)]!).join(' ');
  return Array.from({ length: 400 }, (_, at) =>
    rankDocument(`action${at}`, {
      name: `${pick(1)}_${pick(1)}`,
      title: pick(2),
      description: pick(4 + Math.floor((random() + 0.5) * 12)),
      examples: random() > 0.2 ? [pick(5)] : [],
      tags: [pick(1)],
    }),
  );
}

function queries(random: () => number) {
  return Array.from({ length: 60 }, () =>
    Array.from(
      { length: 2 + Math.floor((random() + 0.5) * 9) },
      () => words[Math.floor((random() + 0.5) * words.length)]!,
    ).join(' '),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  ['with WebAssembly', false],
  ['WebAssembly refused', true],
])('a lexical ranker with a seeded floor, %s', (_, refused) => {
  const make = () => {
    if (refused) vi.stubGlobal('WebAssembly', undefined);
    const ranker = createLexicalRanker();
    vi.unstubAllGlobals();
    for (const document of registry(seededRandom(7))) ranker.add(document);
    return ranker;
  };

  it('ranks the first hits as it does without a limit, at every relevance bar', () => {
    const ranker = make();
    let compared = 0;
    for (const query of queries(seededRandom(11))) {
      for (const threshold of [0, 0.3, 0.4, 0.5, 0.6, 0.7]) {
        for (const limit of [1, 10, 30]) {
          const whole = ranker.rank(query, { threshold });
          expect(ranker.rank(query, { limit, threshold }), `${query} ${threshold} ${limit}`).toEqual(
            whole.slice(0, limit),
          );
          if (whole.length > limit) compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('gives a caller that refuses documents the head it would have without the seed', () => {
    if (refused) vi.stubGlobal('WebAssembly', undefined);
    const index = createTermIndex({
      weights: FIELDS.map((field) => DEFAULT_WEIGHTS[field]),
      b: FIELDS.map((field) => DEFAULT_B[field]),
    });
    vi.unstubAllGlobals();
    for (const document of registry(seededRandom(3))) index.add(documentTerms(document));
    const pass = createLexicalPass(index, {
      k1: 1.2,
      nameWeight: DEFAULT_WEIGHTS.name,
      descriptionWeight: DEFAULT_WEIGHTS.description,
      priorDocuments: 20,
      nameBoost: 1,
      variantWeight: 0.6,
      prefixWeight: 0.7,
    });
    pass.changed();
    // A caller as the lexical ranker's: a best-first head of `size` (ties: the first visited first), its floor the
    // last's order once full; it refuses the documents `refuses` names (a relevance bar).
    const headOf = (size: number, refuses: (slot: number) => boolean) => {
      const top: Array<{ slot: number; order: number }> = [];
      const floor = () => (top.length >= size ? top[size - 1]!.order : 0);
      const visit: Visit = (slot, order, _share, _name, _about, _mask, _grounding, beats) => {
        if (!beats || order <= floor() || refuses(slot)) return;
        let at = top.length;
        top.push({ slot, order });
        while (at > 0 && top[at - 1]!.order < order) {
          top[at] = top[at - 1]!;
          at--;
        }
        top[at] = { slot, order };
        top.length = Math.min(top.length, size);
      };
      return { top, floor, visit };
    };
    const bars: Array<(slot: number) => boolean> = [
      () => false,
      (slot) => slot % 2 === 0,
      (slot) => slot % 7 !== 0,
      (slot) => slot > 40,
    ];
    let full = 0;
    for (const query of queries(seededRandom(17))) {
      // Every document the query matches, in the order visited without a floor.
      const every: Array<{ slot: number; order: number }> = [];
      pass.collect(query, (slot, order) => every.push({ slot, order }));
      for (const size of [1, 10, 30, 64]) {
        for (const refuses of bars) {
          const head = headOf(size, refuses);
          pass.collect(query, head.visit, head.floor);
          const expected = every
            .filter(({ slot }) => !refuses(slot))
            .sort((a, b) => b.order - a.order)
            .slice(0, size);
          expect(head.top, query).toEqual(expected);
          if (expected.length === size) full++;
        }
      }
    }
    expect(full).toBeGreaterThan(400);
  });

  it('explains the wanted documents as `explain` does, in the same order, and ranks alike', () => {
    const ranker = make();
    const random = seededRandom(5);
    for (const query of queries(seededRandom(13))) {
      const also = Array.from({ length: 16 }, () => `action${Math.floor((random() + 0.5) * 400)}`);
      const { hits, explained } = ranker.rankExplained(query, { limit: 10, threshold: 0, also });
      expect(hits).toEqual(ranker.rank(query, { threshold: 0 }).slice(0, 10));
      const wanted = new Set(also);
      const alone = ranker.explain(query).filter((hit) => wanted.has(hit.id));
      expect([...explained.values()].filter((hit) => wanted.has(hit.id))).toEqual(alone);
    }
  });
});
