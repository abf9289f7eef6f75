import { describe, expect, it } from 'vitest';
import { visitAsciiTokens } from './ascii-tokens.js';
import { seededRandom } from './seeded-random.fixture.js';
import { splitWords } from './tokenize.js';

/** The regular expressions `query-terms.ts` reads any text with. */
function byExpressions(text: string): Array<[string, boolean]> {
  const found: Array<[string, boolean]> = [];
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’_.-]*/gu)) {
    const raw = match[0];
    const sentenceStart =
      match.index === 0 || /[.!?:;]\s*$/.test(text.slice(Math.max(0, match.index - 3), match.index));
    const capitalised = /^\p{Lu}/u.test(raw) && !sentenceStart && !/^\p{Lu}+$/u.test(raw);
    found.push([raw, /\p{N}/u.test(raw) || capitalised]);
  }
  return found;
}

function byCodes(text: string): Array<[string, boolean]> {
  const found: Array<[string, boolean]> = [];
  visitAsciiTokens(text, (raw, value) => found.push([raw, value]));
  return found;
}

describe('visitAsciiTokens', () => {
  it('finds the tokens and values the regular expressions find', () => {
    for (const text of [
      'Retrieve the number of nurses in Spain. Then Email Bob at bob@example.com!',
      "I'd like to convert 25 USD to EUR; Then post it to the #general channel:  Thanks",
      'Get file_name.txt and re-run it.\tNext?  Yes: do it',
      'x',
      '',
      '  ...  ',
      'A. B! C? D: E; F',
      'NASA and the ISS, then Nasa2 and iPhone',
    ]) {
      expect(byCodes(text)).toEqual(byExpressions(text));
    }
  });

  it('agrees on random ASCII text', () => {
    const random = seededRandom(4242);
    const alphabet = 'aAbZz09 .!?:;\'_-,\t\n\r\v\f/"#@';
    for (let round = 0; round < 3000; round++) {
      const length = Math.floor((random() + 0.5) * 24);
      let text = '';
      for (let at = 0; at < length; at++) text += alphabet[Math.floor((random() + 0.5) * alphabet.length)];
      expect(byCodes(text)).toEqual(byExpressions(text));
    }
  });
});

/** `splitWords` by its regular expressions alone. */
function splitByExpressions(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .replace(/['’]s\b/gu, '')
    .replace(/['’]/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

describe('splitWords of ASCII text', () => {
  it('splits as its regular expressions do', () => {
    const random = seededRandom(777);
    const alphabet = "aAbBZz0 9._-/:'@ é";
    for (let round = 0; round < 5000; round++) {
      const length = Math.floor((random() + 0.5) * 16);
      let text = '';
      for (let at = 0; at < length; at++) text += alphabet[Math.floor((random() + 0.5) * alphabet.length)];
      expect(splitWords(text)).toEqual(splitByExpressions(text));
    }
    // Requests with apostrophes: possessives, contractions, quotes, camel case beside them.
    const quoting = "aAsSbB0 _'.-";
    for (let round = 0; round < 20_000; round++) {
      const length = Math.floor((random() + 0.5) * 24);
      let text = '';
      for (let at = 0; at < length; at++) text += quoting[Math.floor((random() + 0.5) * quoting.length)];
      expect(splitWords(text), text).toEqual(splitByExpressions(text));
    }
    for (const text of [
      "what's the weather in New York's Central Park? I'd like 'quoted' words, don't I",
      "McDonald's abC'sD aB's 's_x it's'x 'S O'Neil rock'n'roll a'BCd x'sY x'SYz don'T",
      'getHTTPResponseCode',
      'mcp__github__create-issue',
      'URL.',
      'iPhone12Pro',
      'ABCdEF',
      'a1B2c3',
    ])
      expect(splitWords(text)).toEqual(splitByExpressions(text));
  });
});
