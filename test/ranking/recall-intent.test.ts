// The recall-first intent through the registry on Seal-Tools (fairyshine/Seal-Tools @ce753ec, Apache-2.0): floors
// under bench/ranking-recall.bench.ts's figures (all 700 queries: R@5 0.933, R@10 0.960 against the threshold's
// 0.927 / 0.949 and MiniSearch's 0.869 / 0.925).
import { createRegistry, type RankIntent } from '@affordance/core';
import { createLexicalRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { miniSearchEngine } from './baseline-engines.js';
import { sealActions, sealQueries } from './datasets.js';
import { documentsOf, evaluateRetrieval, type SearchEngine } from './evaluate-ranking.js';

describe('the recall-first intent on Seal-Tools', () => {
  it('answers limit actions, and recalls more than the threshold and than MiniSearch', {
    timeout: 120_000,
  }, () => {
    const actions = sealActions();
    const registry = createRegistry({ actions, ranker: createLexicalRanker() });
    const sample = sealQueries().filter((_, at) => at % 5 === 0);
    const through = (intent: RankIntent): SearchEngine => ({
      name: intent,
      add: () => {},
      search: (query, limit) =>
        registry.available({ query, limit, intent, include: 'available' }).map((entry) => entry.name),
    });
    const top = evaluateRetrieval(through('top'), sample);
    const relevant = evaluateRetrieval(through('relevant'), sample);
    expect(top.recallAt10).toBeGreaterThan(relevant.recallAt10);
    expect(top.recallAt5).toBeGreaterThanOrEqual(relevant.recallAt5);
    const baseline = miniSearchEngine();
    baseline.add(documentsOf(createRegistry({ actions })));
    const plain = evaluateRetrieval(baseline, sample);
    expect(top.recallAt5).toBeGreaterThan(plain.recallAt5 + 0.03);
    expect(top.recallAt10).toBeGreaterThan(plain.recallAt10);
    // Every query gets its ten, relevant or not.
    for (const { query } of sample.slice(0, 20)) {
      expect(registry.available({ query, limit: 10, intent: 'top' })).toHaveLength(10);
    }
  });
});
