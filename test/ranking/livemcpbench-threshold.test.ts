// The word-vector ranker with the threshold (`intent: 'relevant'`) on LiveMCPBench (icip-cas/LiveMCPBench @a928e57,
// Apache-2.0; 94 multi-step tasks, 527 MCP tools): the eighth pass of docs/benchmarks/ranking.md. A request that joins
// several asks ("… and save it", "including a word cloud") keeps its lexical relevance; figures of
// bench/ranking-recall.bench.ts (whole set R@5 / R@10 0.272 / 0.316, from 0.230 / 0.266; lexical 0.301 / 0.338),
// floored a little under them.
import { createRegistry, type RankIntent } from '@affordance/core';
import {
  createLexicalRanker,
  createWordVectorRanker,
  type Ranker,
  type WordVectorRankerOptions,
} from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { evaluateRetrieval } from './evaluate-ranking.js';
import { byToolName, liveMcpActions, liveMcpTasks } from './livemcpbench.js';
import { packagedWordVectors } from './packaged-word-vectors.js';

const vectors = packagedWordVectors();

describe.skipIf(!vectors)('the word-vector threshold on LiveMCPBench', () => {
  const actions = liveMcpActions();
  const tasks = liveMcpTasks();
  const recall = (
    options: Partial<WordVectorRankerOptions> = {},
    intent: RankIntent = 'relevant',
    ranker: Ranker = createWordVectorRanker({ vectors: vectors!, ...options }),
  ) => {
    const registry = createRegistry({ actions, ranker });
    return evaluateRetrieval(
      byToolName({
        name: 'word vectors',
        add: () => {},
        search: (query, limit) =>
          registry.available({ query, limit, intent, include: 'available' }).map((entry) => entry.name),
      }),
      tasks,
    );
  };

  it('keeps the tools of a task of several asks, above the rule-less figures', { timeout: 60_000 }, () => {
    const now = recall();
    const without = recall({ severalAsks: false });
    expect(now.recallAt5).toBeGreaterThan(0.26);
    expect(now.recallAt10).toBeGreaterThan(0.3);
    expect(now.mrr).toBeGreaterThan(0.37);
    expect(now.recallAt5).toBeGreaterThan(without.recallAt5 + 0.03);
    expect(now.recallAt10).toBeGreaterThan(without.recallAt10 + 0.03);
  });

  it('recalls, first, at least what the lexical ranker recalls (its match keeps the lexical order)', {
    timeout: 60_000,
  }, () => {
    const words = recall({}, 'top');
    const lexical = recall({}, 'top', createLexicalRanker());
    expect(words.recallAt5).toBeGreaterThanOrEqual(lexical.recallAt5);
    expect(words.recallAt10).toBeGreaterThanOrEqual(lexical.recallAt10);
    expect(words.mrr).toBeGreaterThanOrEqual(lexical.mrr);
  });
});
