import { describe, expect, it } from 'vitest';
import { requestValues } from './grounding.js';
import { isContentWord, isLightTerm, splitWords, stem } from './tokenize.js';

// `requestValues` as it was before its scanning got cheaper (speed pass 6): the reference it must equal.
const NUMBER_WORDS: ReadonlySet<string> = new Set(
  (
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ' +
    'seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million ' +
    'billion trillion dozen half twice double triple'
  ).split(' '),
);
const TIME_UNITS: ReadonlySet<string> = new Set(
  (
    'second seconds minute minutes hour hours day days week weeks month months year years decade decades ' +
    'century centuries'
  ).split(' '),
);
const NAME_JOINERS: ReadonlySet<string> = new Set(['of', 'the', 'de', 'la', 'vs', 'vs.', 'and', '&']);
const QUOTED = /"[^"]+"|“[^”]+”|‘[^’]+’|(?<![\p{L}\p{N}])'(?:[^']|'(?=\p{L}))+'(?![\p{L}\p{N}])/gu;
const NUMBER_TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’_.,-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
const WORD_TOKEN = /[\p{L}\p{N}&][\p{L}\p{N}'’_.-]*/gu;
const SENTENCE_END = /[.!?:;]\s*$/;
const DIGIT = /\p{N}/u;
const CAPITALISED = /^\p{Lu}/u;

function reference(query: string) {
  let numbers = 0;
  let quantities = 0;
  for (const [token] of query.matchAll(NUMBER_TOKEN)) {
    const lower = token.toLowerCase();
    if (DIGIT.test(token) || NUMBER_WORDS.has(lower)) numbers++;
    else if (TIME_UNITS.has(lower)) quantities++;
  }
  let names = 0;
  const unquoted = query.replace(QUOTED, () => {
    names++;
    return ' , ';
  });
  let inName = false;
  for (const match of unquoted.matchAll(WORD_TOKEN)) {
    const token = match[0];
    const sentenceStart =
      match.index === 0 || SENTENCE_END.test(unquoted.slice(Math.max(0, match.index - 3), match.index));
    const capitalised = CAPITALISED.test(token) && !sentenceStart && token !== 'I';
    if (capitalised && !inName) names++;
    inName = capitalised || (inName && NAME_JOINERS.has(token.toLowerCase()));
  }
  const terms = new Set<string>();
  for (const word of splitWords(query)) {
    if (!isContentWord(word)) continue;
    const term = stem(word);
    if (!isLightTerm(term)) terms.add(term);
  }
  return { numbers, quantities, names, terms: [...terms] };
}

const PIECES = [
  'Book',
  'a',
  'table',
  'at',
  'Museum',
  'of',
  'Modern',
  'Art',
  'I',
  'It’s',
  "it's",
  'Five',
  'DAYS',
  'week',
  'ten',
  '$200,000',
  '2019-12-13',
  '3x',
  'Doe',
  'vs.',
  'Smith',
  '&',
  'Élan',
  'über',
  'İstanbul',
  'Kelvin',
  'K',
  '東京',
  '"quoted text"',
  '“curly”',
  '‘single’',
  "'plain'",
  '"',
  "'",
  '.',
  '!',
  '?',
  ':',
  ';',
  ',',
  '\n',
  '\t',
  '\u00a0',
  '\u3000',
  "'n'",
  "dogs'",
  "'s",
  "Bob's",
  'x_y',
  'a.b',
  'camelCase',
  'HTTPServer',
  '"open',
  '-',
  '__',
  'next',
  'decade',
  'centuries',
  'seventeen',
  'Thousand',
  'x',
  'getWeather',
  'API',
  'Ⅻ',
  '٣',
];

describe('requestValues', () => {
  it('equals the reference scanning on requests of tricky pieces', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 3000; round++) {
      const length = 1 + Math.floor(random() * 14);
      let query = '';
      for (let at = 0; at < length; at++) {
        const piece = PIECES[Math.floor(random() * PIECES.length)]!;
        const gap = random();
        query += (gap < 0.15 ? '' : gap < 0.25 ? '  ' : ' ') + piece;
      }
      expect(requestValues(query), query).toEqual(reference(query));
    }
  });
});
