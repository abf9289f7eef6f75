// The fifth tuning set of the word-vector threshold (test/fixtures/agent-tasks): the eleventh pass of
// docs/benchmarks/ranking.md. With the threshold, the word-vector ranker recalls at least what the lexical one recalls
// on the long multi-step tasks and the canvas requests with context; on the single asks it is closer than without the
// `needsNothing` rule (R@10 0.714 against 0.571; lexical 0.750), floored a little under the figures, and with the
// `wishes` rule (pass 12) at the lexical ranker's R@1, R@5 and MRR (R@10 0.732 against 0.750).

import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { agentCanvasRequests, agentTasks, evaluateAgentTasks, framedCanvasRequests } from './agent-tasks.js';
import { evaluateCanvas } from './canvas-paraphrases.js';
import { packagedWordVectors } from './packaged-word-vectors.js';
import { expectRecallAtLeast } from './recall-at-least.js';

const vectors = packagedWordVectors();

describe('the agent tasks', () => {
  it('has 58 multi-step tasks, 28 single asks and 30 canvas requests, each with a gold', () => {
    expect(agentTasks()).toHaveLength(58);
    expect(agentTasks('mcp-single-asks.json')).toHaveLength(28);
    expect(agentCanvasRequests()).toHaveLength(30);
    for (const task of [...agentTasks(), ...agentTasks('mcp-single-asks.json')])
      expect(task.gold.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!vectors)('the word-vector threshold on the agent tasks', () => {
  const words = () => createWordVectorRanker({ vectors: vectors! });
  const lexical = () => createLexicalRanker();

  it('recalls the multi-step tasks as the lexical ranker does', { timeout: 60_000 }, () => {
    const now = evaluateAgentTasks(words, 'relevant');
    expectRecallAtLeast(now, evaluateAgentTasks(lexical, 'relevant'));
    expect(now.recallAt10).toBeGreaterThan(0.79);
  });

  it('keeps the questions to an action that needs nothing (needsNothing)', { timeout: 60_000 }, () => {
    const singles = agentTasks('mcp-single-asks.json');
    const now = evaluateAgentTasks(words, 'relevant', singles);
    const without = evaluateAgentTasks(
      () => createWordVectorRanker({ vectors: vectors!, needsNothing: false }),
      'relevant',
      singles,
    );
    expect(now.recallAt10).toBeGreaterThan(0.7);
    expect(now.recallAt10).toBeGreaterThan(without.recallAt10 + 0.1);
    expect(now.mrr).toBeGreaterThan(without.mrr + 0.1);
  });

  it('keeps the best lexical match of a wish that fills its values (wishes)', { timeout: 60_000 }, () => {
    const singles = agentTasks('mcp-single-asks.json');
    const now = evaluateAgentTasks(words, 'relevant', singles);
    const before = evaluateAgentTasks(lexical, 'relevant', singles);
    const without = evaluateAgentTasks(
      () => createWordVectorRanker({ vectors: vectors!, wishes: false }),
      'relevant',
      singles,
    );
    expectRecallAtLeast(now, before);
    // Without the rule, one task less at R@1 and R@5 (before pass 13's summaries, under the lexical ranker there).
    expect(without.recallAt5).toBeLessThan(now.recallAt5);
    expect(without.mrr).toBeLessThan(now.mrr);
  });

  // Each canvas set, with the threshold: word vectors at or above the lexical ranker at top-3 and top-1.
  const expectCanvasAtLeastLexical = (file: Parameters<typeof agentCanvasRequests>[0], count?: number) => {
    const requests = agentCanvasRequests(file);
    const now = evaluateCanvas(words, { intent: 'relevant' }, requests);
    const before = evaluateCanvas(lexical, { intent: 'relevant' }, requests);
    if (count !== undefined) expect(requests).toHaveLength(count);
    expect(now.top3).toBeGreaterThanOrEqual(before.top3);
    expect(now.top1).toBeGreaterThanOrEqual(before.top1);
    return before;
  };

  it('keeps, for a polite ask put as a question, what the lexical ranker keeps (the everyday canvas requests)', {
    timeout: 60_000,
  }, () => {
    // Measured: lexical 0.550 / 0.550, word vectors 0.500 / 0.500 before `asksIndirectly` read "Can the first line be a
    // big title?" and "Can you trim the edges of the picture …?" as instructions, 0.550 / 0.550 since.
    expect(expectCanvasAtLeastLexical('canvas-everyday.json', 40).top3).toBeGreaterThan(0.5);
  });

  it('keeps, for a question of how to do something, what the lexical ranker keeps (the indirect canvas requests)', {
    timeout: 60_000,
  }, () => {
    // Measured: lexical 0.594 / 0.594, word vectors 0.563 / 0.563 before `asksIndirectly` read "how can I add a link to
    // the text?" and "where do I put a caption under the picture?" as instructions, 0.594 / 0.594 since.
    expect(expectCanvasAtLeastLexical('canvas-indirect.json', 64).top3).toBeGreaterThan(0.5);
  });

  it('answers the canvas requests with context as the lexical ranker does', { timeout: 60_000 }, () => {
    expectCanvasAtLeastLexical('canvas-requests.json');
  });

  it('finds in the top 3 every framed canvas request the lexical ranker finds there (every 7th)', {
    timeout: 120_000,
  }, () => {
    // Measured on all 93,492 (pass 15): before, word vectors missed 165, 623, 383 and 647 of the four batches that the
    // lexical ranker found; none since ("What is this" answered from the examples, a question only by its mark, a
    // suggestion and a question of a doing read as asks). Batch 4 was written after the rules and measured once.
    const requests = framedCanvasRequests().filter((_, at) => at % 7 === 0);
    const key = (miss: { query: string; expected: string }) => `${miss.query}\n${miss.expected}`;
    const lexicalMisses = new Set(evaluateCanvas(lexical, { intent: 'relevant' }, requests).misses.map(key));
    const lost = evaluateCanvas(words, { intent: 'relevant' }, requests).misses.filter(
      (miss) => !lexicalMisses.has(key(miss)),
    );
    expect(requests.length).toBeGreaterThan(13_000);
    expect(lost).toEqual([]);
  });
});
