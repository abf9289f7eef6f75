import { describe, expect, it } from 'vitest';
import { createKeywordMatcher } from './keyword-matcher.js';
import type { RankDocument } from './ranker.js';

const doc = (id: string, fields: Partial<RankDocument>): RankDocument => ({
  id,
  name: id,
  scope: undefined,
  title: '',
  description: '',
  examples: [],
  tags: [],
  category: '',
  parameters: [],
  ...fields,
});

describe('createKeywordMatcher', () => {
  const matcher = createKeywordMatcher();
  matcher.add(doc('updateColor', { description: "Change the shape's fill color", category: 'styling' }));
  matcher.add(doc('exportPdf', { title: 'Export as PDF', examples: ['Save the page as a pdf file'] }));
  matcher.add(doc('deleteRows', { description: 'Remove the selected rows' }));

  it('scores the share of the query words found, best first, and drops actions matching none', () => {
    expect([...matcher.search('update the fill color')]).toEqual([['updateColor', 1]]);
    expect([...matcher.search('export pages as pdf')]).toEqual([['exportPdf', 1]]);
    expect([...matcher.search('color of the rows')]).toEqual([
      ['updateColor', 0.5],
      ['deleteRows', 0.5],
    ]);
    expect(matcher.search('what is the weather').size).toBe(0);
  });

  it('splits names on camelCase, _ and . and strips plural, -ing and -ed endings', () => {
    expect(matcher.search('deleted row').get('deleteRows')).toBe(1);
    expect(matcher.search('coloring styling').get('updateColor')).toBe(1);
    matcher.add(doc('math.factorial_of', {}));
    expect(matcher.search('factorial').get('math.factorial_of')).toBe(1);
  });

  it('forgets removed actions', () => {
    const own = createKeywordMatcher();
    own.add(doc('zebraCount', { description: 'Count the zebras' }));
    expect(own.search('zebra').get('zebraCount')).toBe(1);
    own.remove('zebraCount');
    expect(own.search('zebra').size).toBe(0);
  });
});
