// The shared parts of the everyday-request sets: scoring, asking scoped requests, and the below-lexical check, on the
// slide editor of slide-deck.ts (test/fixtures/slide-requests, written for this repository).
import { createRegistry } from '@affordance/core';
import { createLexicalRanker, createWordVectorRanker } from '@affordance/core/ranking';
import { describe, expect, it } from 'vitest';
import { packagedWordVectors } from './packaged-word-vectors.js';
import { askScopedRequests, judgedBelowLexical, readRequestSet, scoreAnswers } from './request-sets.js';
import { type DeckScope, slideDeckActions } from './slide-deck.js';

const vectors = packagedWordVectors();

describe('scoreAnswers', () => {
  it('counts top 3 and top 1 of the served requests, rejection of the others, and every miss', () => {
    const score = scoreAnswers([
      { query: 'first', expected: ['a'], got: ['a', 'b'] },
      { query: 'second', expected: ['a'], got: ['b', 'a'] },
      { query: 'third', expected: ['a', 'c'], got: ['b'] },
      { query: 'none asked', expected: [], got: [] },
      { query: 'none but answered', expected: [], got: ['b'] },
    ]);
    expect(score).toEqual({
      top3: 2 / 3,
      top1: 1 / 3,
      rejected: 1 / 2,
      misses: [
        { query: 'third', got: ['b'] },
        { query: 'none but answered', got: ['b'] },
      ],
    });
  });

  it('scores nothing asked as nothing found', () => {
    expect(scoreAnswers([])).toEqual({ top3: 0, top1: 0, rejected: 0, misses: [] });
  });
});

describe('askScopedRequests', () => {
  const registry = createRegistry({
    actions: slideDeckActions(),
    ranker: createLexicalRanker(),
    targets: { get: (type, id) => ({ type: type as DeckScope, id, locked: false }) },
  });
  const requests = [{ target: 'image:i1', query: 'unlock it', expected: ['image_unlock'] }];

  it('counts an action answered for the target whether it can run or not, unless told to count only those it can', () => {
    const every = askScopedRequests({
      requests,
      registryFor: () => registry,
      extra: {},
      availableOnly: false,
    });
    expect(every).toMatchObject({ top3: 1, top1: 1, misses: [] });
    const available = askScopedRequests({
      requests,
      registryFor: () => registry,
      extra: {},
      availableOnly: true,
    });
    expect(available.top3).toBe(0);
    // The unlocked image cannot be unlocked, nor can the chart and table the words also match (no target of theirs).
    expect(every.misses).toEqual([]);
    expect(available.misses).toEqual([{ query: 'image:i1 unlock it', got: [] }]);
  });

  it('asks each request of the registry chosen for it', () => {
    const asked: string[] = [];
    askScopedRequests({
      requests: [...requests, { target: 'chart:c1', query: 'delete this chart', expected: ['chart_delete'] }],
      registryFor: (request) => {
        asked.push(request.target);
        return registry;
      },
      extra: {},
      availableOnly: false,
    });
    expect(asked).toEqual(['image:i1', 'chart:c1']);
  });
});

describe('readRequestSet', () => {
  it('reads a set from its JSON file under test/fixtures', () => {
    const requests = readRequestSet<{ target: string }>('slide-requests/slide-requests.json');
    expect(requests).toHaveLength(107);
    expect(requests.every((request) => typeof request.target === 'string')).toBe(true);
  });
});

describe.skipIf(!vectors)('judgedBelowLexical', () => {
  it('names the actions of the selected type judged below their lexical relevance when no floor keeps them', () => {
    const requests = readRequestSet<{ target: string; query: string; expected: string[] }>(
      'slide-requests/slide-requests.json',
    );
    const unfloored = createWordVectorRanker({
      vectors: vectors!,
      shortRequestWords: 0,
      instructionWords: 0,
      pointingWords: 0,
    });
    const below = judgedBelowLexical({ ranker: unfloored, actions: slideDeckActions(), requests });
    expect(below.length).toBeGreaterThan(0);
    for (const entry of below) expect(entry).toMatch(/^.+: (textBox|image|chart|table|slide)_\w+$/);
  });
});
