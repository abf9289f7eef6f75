// The recall-first intent through the registry on LiveMCPBench (icip-cas/LiveMCPBench @a928e57, Apache-2.0; 94 tasks
// with gold tools, 527 MCP tools): floors a little under bench/ranking-recall.bench.ts's figures (all 94 tasks, the
// lexical ranker: R@5 0.386, R@10 0.493, MRR 0.469 with `intent: 'top'`, against the threshold's 0.301 / 0.338 and
// MiniSearch's 0.365 / 0.424; without the lift of the best match's input providers 0.369 / 0.478). With WordNet
// synonyms (what the server's default ranker adds), weighed by how much of the request its own words found: 0.376 /
// 0.493 (before that weighing 0.353 / 0.409).
import { createRegistry, type RankIntent } from '@affordance/core';
import { createLexicalRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { miniSearchEngine } from './baseline-engines.js';
import { documentsOf, evaluateRetrieval, type SearchEngine } from './evaluate-ranking.js';
import { byToolName, liveMcpActions, liveMcpTasks, toolNameOf } from './livemcpbench.js';
import { packagedSynonyms } from './packaged-synonyms.js';

describe('the recall-first intent on LiveMCPBench', () => {
  const actions = liveMcpActions();
  const tasks = liveMcpTasks();
  const registry = createRegistry({ actions, ranker: createLexicalRanker() });
  const through = (intent: RankIntent): SearchEngine =>
    byToolName({
      name: intent,
      add: () => {},
      search: (query, limit) =>
        registry.available({ query, limit, intent, include: 'available' }).map((entry) => entry.name),
    });

  it('loads 527 tools with unique action names and 94 tasks with gold tools among them', () => {
    expect(actions).toHaveLength(527);
    expect(new Set(actions.map((action) => action.name)).size).toBe(527);
    expect(tasks).toHaveLength(94);
    const tools = new Set(registry.list().map((action) => toolNameOf(action.name)));
    for (const task of tasks) for (const name of task.gold) expect(tools).toContain(name);
  });

  it('recalls the annotated tools above the floors, and more than the threshold', { timeout: 60_000 }, () => {
    const top = evaluateRetrieval(through('top'), tasks);
    const relevant = evaluateRetrieval(through('relevant'), tasks);
    expect(top.recallAt5).toBeGreaterThan(0.38);
    expect(top.recallAt10).toBeGreaterThan(0.485);
    expect(top.mrr).toBeGreaterThan(0.46);
    expect(top.recallAt10).toBeGreaterThan(relevant.recallAt10);
    const baseline = byToolName(miniSearchEngine());
    baseline.add(documentsOf(createRegistry({ actions })));
    const plain = evaluateRetrieval(baseline, tasks);
    expect(top.recallAt10).toBeGreaterThan(plain.recallAt10 + 0.06);
    expect(top.recallAt5).toBeGreaterThan(plain.recallAt5 + 0.015);
  });

  it('loses no recall at 10 with WordNet synonyms, and at most one task of recall at 5', {
    timeout: 60_000,
  }, () => {
    const withSynonyms = createRegistry({
      actions,
      ranker: createLexicalRanker({ synonyms: packagedSynonyms() }),
    });
    const engine = byToolName({
      name: 'synonyms',
      add: () => {},
      search: (query, limit) =>
        withSynonyms
          .available({ query, limit, intent: 'top', include: 'available' })
          .map((entry) => entry.name),
    });
    const expanded = evaluateRetrieval(engine, tasks);
    const plain = evaluateRetrieval(through('top'), tasks);
    expect(expanded.recallAt10).toBeGreaterThanOrEqual(plain.recallAt10);
    expect(expanded.recallAt5).toBeGreaterThan(plain.recallAt5 - 1 / tasks.length - 1e-9);
    expect(expanded.recallAt10).toBeGreaterThan(0.46);
  });

  it('recalls more at 5 and 10 with the input providers of the best match lifted', {
    timeout: 60_000,
  }, () => {
    const without = createRegistry({ actions, ranker: createLexicalRanker({ inputProviders: 0 }) });
    const engine = byToolName({
      name: 'no providers',
      add: () => {},
      search: (query, limit) =>
        without.available({ query, limit, intent: 'top', include: 'available' }).map((entry) => entry.name),
    });
    const plain = evaluateRetrieval(engine, tasks);
    const lifted = evaluateRetrieval(through('top'), tasks);
    expect(lifted.recallAt5).toBeGreaterThan(plain.recallAt5 + 0.01);
    expect(lifted.recallAt10).toBeGreaterThan(plain.recallAt10 + 0.01);
  });

  it('answers limit actions for every task with the intent top', () => {
    for (const { query } of tasks) {
      expect(registry.available({ query, limit: 10, intent: 'top' })).toHaveLength(10);
      expect(registry.available({ query, limit: 3, intent: 'top' })).toHaveLength(3);
    }
  });
});
