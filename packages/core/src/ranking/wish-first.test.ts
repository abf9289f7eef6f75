import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { rankDocumentOf } from '../registry/rank-document.js';
import { askOf } from './short-request-floor.js';
import { keepsAsBestMatch, namesAThing } from './wish-first.js';
import { createWordVectorRanker } from './word-vector-ranker.js';

// Word-vector threshold, pass 12 (docs/benchmarks/ranking.md): the best lexical match of a wish that names a thing
// keeps its lexical relevance when the wish fills every value it needs.
describe('the best lexical match of a wish', () => {
  it('is kept for a wish that names a thing, not for a question or an instruction with a verb', () => {
    expect(namesAThing(askOf('I need a list of the most popular date libraries on npm'))).toBe(true);
    expect(namesAThing(askOf('I would like the Word file turned into HTML'))).toBe(true);
    expect(namesAThing(askOf('Which date libraries on npm are the most popular?'))).toBe(false);
    expect(namesAThing(askOf('Calculate the volume of the sphere with radius 3 units.'))).toBe(false);
    expect(keepsAsBestMatch(true, 1)).toBe(true);
    expect(keepsAsBestMatch(true, 0.5)).toBe(false);
    expect(keepsAsBestMatch(false, 1)).toBe(false);
  });

  // A vector of its own for each word: the wish says few of each action's many words, a soft coverage under the 0.4
  // that maps to 0, so the fusion halves the lexical relevance of both.
  const words =
    'npm package trends downloads weekly popular libraries list date compare registry statistics over time chart period score quality maintenance search keyword name'.split(
      ' ',
    );
  const values = new Float32Array(words.length * words.length);
  for (let at = 0; at < words.length; at++) values[at * words.length + at] = 1;
  const vectors = { words, dimensions: words.length, values };
  const text = (name: string) => ({
    type: 'object' as const,
    properties: { [name]: { type: 'string', description: 'The package.' } },
    required: [name],
  });
  const trends = defineAction({
    name: 'npm_trends',
    description:
      'Compare the downloads of npm packages over a period of time: registry statistics, a chart of each package by week, with quality and maintenance notes.',
    input: text('packages'),
  });
  const score = defineAction({
    name: 'npm_score',
    description:
      'The quality, popularity and maintenance score of an npm package in the registry, with its statistics over time.',
    input: text('name'),
  });
  const rank = (query: string, options: { wishes?: boolean } = {}) => {
    const ranker = createWordVectorRanker({ vectors, ...options });
    ranker.add(rankDocumentOf(trends, 'npm_trends'));
    ranker.add(rankDocumentOf(score, 'npm_score'));
    return { ids: ranker.rank(query).map((hit) => hit.id), explained: ranker.explain(query) };
  };

  it('keeps only the best lexical match, which the fused relevance alone leaves out', () => {
    const wish = 'I need a list of the most popular date libraries on npm with their weekly downloads';
    const { ids, explained } = rank(wish);
    // Both are kept lexically (the second only just: 0.29 under the 0.3); only the best is kept, the second is not.
    const best = explained.find((judged) => judged.id === 'npm_score')!;
    expect(best.lexical).toBeGreaterThanOrEqual(0.3);
    expect(best.grounding?.filled).toBe(1);
    expect(ids).toEqual(['npm_score']);
    // Without the rule the fused relevance leaves both out.
    expect(rank(wish, { wishes: false }).ids).toEqual([]);
    // A question on the same subject stays with the fused relevance.
    expect(
      rank('Which date libraries on npm are the most popular, with their weekly downloads?').ids,
    ).toEqual([]);
  });
});
