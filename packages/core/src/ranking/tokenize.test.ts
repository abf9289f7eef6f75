import { describe, expect, it } from 'vitest';
import { queryTerms } from './query-terms.js';
import { relatedTerms, termsWithPrefix } from './term-variants.js';
import { isContentWord, splitWords, stem, tokenize } from './tokenize.js';

describe('splitWords', () => {
  it('splits camelCase, acronyms, snake_case, kebab-case, dots and scope prefixes', () => {
    expect(splitWords('shape_updateColor')).toEqual(['shape', 'update', 'color']);
    expect(splitWords('getHTTPResponseCode')).toEqual(['get', 'http', 'response', 'code']);
    expect(splitWords('triangle_properties.get')).toEqual(['triangle', 'properties', 'get']);
    expect(splitWords('mcp__github__create-issue')).toEqual(['mcp', 'github', 'create', 'issue']);
    expect(splitWords('@scope/pkg.toolName')).toEqual(['scope', 'pkg', 'tool', 'name']);
  });

  it('drops possessives and apostrophes instead of splitting on them', () => {
    expect(splitWords("the shape's fill, don't")).toEqual(['the', 'shape', 'fill', 'dont']);
  });

  it('keeps letters beyond ASCII and digits inside words', () => {
    expect(splitWords('Größe ändern mp3 base64')).toEqual(['größe', 'ändern', 'mp3', 'base64']);
  });
});

describe('Chinese, Japanese and Korean text', () => {
  it('splits a run of CJK characters into overlapping pairs, and keeps the words around it', () => {
    expect(splitWords('获取八字详情')).toEqual(['获取', '取八', '八字', '字详', '详情']);
    expect(splitWords('获取 BBC 新闻，提供getBaziDetail')).toEqual([
      '获取',
      'bbc',
      '新闻',
      '提供',
      'get',
      'bazi',
      'detail',
    ]);
    expect(splitWords('東京タワー')).toEqual(['東京', '京タ', 'タワ', 'ワー']);
    expect(splitWords('𠀀𠀁𠀂')).toEqual(['𠀀𠀁', '𠀁𠀂']);
    // A single character is too short to weigh, as a single letter is.
    expect(tokenize('书')).toEqual([]);
  });

  it('finds a request’s CJK word inside an unspaced description', () => {
    const description = new Set(tokenize('根据八字获取详细的命理信息'));
    expect(tokenize('What are the 八字 of a boy').filter((term) => description.has(term))).toEqual(['八字']);
  });
});

describe('tokenize', () => {
  it('drops stop words, single letters and bare numbers, and stems with Porter', () => {
    expect(tokenize('Resize the shapes to 200 x 300 pixels')).toEqual(['resiz', 'shape', 'pixel']);
    expect(tokenize('running runs ran')).toEqual(['run', 'run', 'ran']);
  });

  it('gives an identifier and a sentence saying the same thing the same terms', () => {
    expect(tokenize('updateColor')).toEqual(tokenize('update the colors'));
  });

  it('stems only ASCII words and keeps the rest as written', () => {
    expect(stem('colors')).toBe('color');
    expect(stem('größe')).toBe('größe');
    expect(isContentWord('the')).toBe(false);
    expect(isContentWord('42')).toBe(false);
    expect(isContentWord('x')).toBe(false);
    expect(isContentWord('color')).toBe(true);
  });
});

describe('queryTerms', () => {
  it('weighs request words lightly and keeps the order of first occurrence', () => {
    const terms = queryTerms('Please make it red, red!');
    expect(terms.map((term) => [term.term, term.weight])).toEqual([
      ['pleas', 0.2],
      ['make', 0.2],
      ['red', 1],
    ]);
    expect(terms.map((term) => term.position)).toEqual([0, 1, 2]);
  });

  it('marks quoted text, tokens with digits and capitalised words inside a sentence as values', () => {
    const terms = queryTerms('Send the message "feed the cat" to satellite X9-alpha. Weather in Paris');
    const values = Object.fromEntries(terms.map((term) => [term.word, term.value]));
    expect(values).toMatchObject({
      send: false,
      message: false,
      feed: true,
      cat: true,
      satellite: false,
      weather: false,
      paris: true,
    });
    expect(values.x9).toBe(true);
  });

  it('treats an unclosed quote as running to the end', () => {
    const terms = queryTerms('Tell the satellite to send "Don\'t forget the cat.');
    expect(terms.find((term) => term.word === 'forget')?.value).toBe(true);
    expect(terms.find((term) => term.word === 'satellite')?.value).toBe(false);
  });
});

describe('term variants', () => {
  const sorted = [
    'analysi',
    'analyz',
    'color',
    'colour',
    'column',
    'discov',
    'discover',
    'nation',
    'nationalist',
  ].sort();

  it('finds forms of a word the stemmer left apart, and not longer words that share a stem', () => {
    expect(relatedTerms(sorted, 'analyz')).toEqual(['analysi']);
    expect(relatedTerms(sorted, 'discov')).toEqual(['discover']);
    expect(relatedTerms(sorted, 'nation')).toEqual([]);
    expect(relatedTerms(sorted, 'col')).toEqual([]);
  });

  it('lists completions of a prefix in order', () => {
    expect(termsWithPrefix(sorted, 'col', 10)).toEqual(['color', 'colour', 'column']);
    expect(termsWithPrefix(sorted, 'col', 2)).toEqual(['color', 'colour']);
    expect(termsWithPrefix(sorted, 'zzz', 10)).toEqual([]);
  });
});
