import { describe, expect, it } from 'vitest';
import { createLexicalRanker } from './lexical-ranker.js';
import { rankDocument } from './rank-document.fixture.js';
import type { Synonyms } from './wordnet-synonyms.js';

const documents = [
  rankDocument('shape.resize', { name: 'resize', description: 'Change the size of a shape' }),
  rankDocument('shape.color', { name: 'color', description: 'Change the fill color of a shape' }),
  rankDocument('doc.report', { name: 'write_report', description: 'Write a report file to a folder' }),
  rankDocument('doc.chart', { name: 'draw_chart', description: 'Draw a chart of numbers' }),
  rankDocument('doc.archive', { name: 'archive_folder', description: 'Archive a folder of files' }),
];
// "enlarge" and "crimson" are words no document uses; "graph" stands for "chart" only through a synonym.
const table: Record<string, string[]> = {
  enlarge: ['size', 'magnify'],
  crimson: ['color', 'red'],
  graph: ['chart', 'diagram'],
};
const synonyms: Synonyms = (word) => table[word] ?? [];

function rankers() {
  const plain = createLexicalRanker();
  const expanded = createLexicalRanker({ synonyms });
  for (const document of documents) {
    plain.add(document);
    expanded.add(document);
  }
  return { plain, expanded };
}

describe('synonyms weighed by how much of the request its own words found', () => {
  it('answers a short request of unknown words through synonyms', () => {
    const { plain, expanded } = rankers();
    expect(plain.match('enlarge it')).toEqual([]);
    expect(expanded.match('enlarge it')[0]?.id).toBe('shape.resize');
    expect(expanded.match('crimson please')[0]?.id).toBe('shape.color');
  });

  it('leaves a request with four words found directly as it is without synonyms', () => {
    const { plain, expanded } = rankers();
    const query = 'write a report file to the folder with a graph';
    expect(expanded.match(query)).toEqual(plain.match(query));
    expect(expanded.match(query).map((hit) => hit.id)).not.toContain('doc.chart');
  });

  it('lets a synonym count less when the request found more by its own words', () => {
    const { expanded } = rankers();
    const alone = expanded.match('graph').find((hit) => hit.id === 'doc.chart')!.score;
    const withOther = expanded.match('numbers graph');
    // "numbers" found the chart directly: the synonym adds less than it does alone, and the chart stays first.
    expect(withOther[0]?.id).toBe('doc.chart');
    const onlyNumbers = expanded.match('numbers').find((hit) => hit.id === 'doc.chart')!.score;
    expect(withOther[0]!.score).toBeGreaterThan(onlyNumbers * 0.5);
    expect(alone).toBeGreaterThan(0);
  });

  it('keeps the threshold answer free of synonyms', () => {
    const { plain, expanded } = rankers();
    for (const query of ['enlarge it', 'numbers graph', 'write a report']) {
      expect(expanded.rank(query)).toEqual(plain.rank(query));
    }
  });
});
