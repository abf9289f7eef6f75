import { closest, distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { closestWord, editDistance } from './edit-distance.js';

const WORDS = [
  '',
  'a',
  'color',
  'colour',
  'colr',
  'kitten',
  'sitting',
  'Saturday',
  'Sunday',
  'blockId',
  'blockid',
  'über',
  'uber',
  '😀x',
  'x😀',
  'flaw',
  'lawn',
];

describe('editDistance', () => {
  it('answers what fastest-levenshtein answers, for every pair', () => {
    for (const a of WORDS)
      for (const b of WORDS) expect(editDistance(a, b), `${a} / ${b}`).toBe(distance(a, b));
  });

  it('picks the same nearest word as fastest-levenshtein, the first one on a tie', () => {
    for (const word of WORDS)
      expect(closestWord(word, WORDS.slice(1)), word).toBe(closest(word, WORDS.slice(1)));
    expect(closestWord('cat', ['bat', 'hat'])).toBe('bat');
    expect(closestWord('x', [])).toBeUndefined();
  });
});
