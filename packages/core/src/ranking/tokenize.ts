import { stemmer } from 'stemmer';
import { LIGHT_WORDS, STOP_WORDS } from './stop-words.js';

const CAMEL_LOWER_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const CAMEL_ACRONYM = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const POSSESSIVE = /['’]s\b/gu;
const APOSTROPHE = /['’]/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;
const ASCII_WORD = /^[a-z]+$/;
const DIGITS = /^\p{N}+$/u;
// A plain word, maybe capitalised: nothing to split (the common case, checked first).
const SIMPLE_WORD = /^[A-Za-z][a-z]*$/;
// Han, kana and Hangul (with the marks they share, such as the prolonged sound mark): written without spaces.
const CJK_CLASS =
  '\\p{Script_Extensions=Han}\\p{Script_Extensions=Hiragana}\\p{Script_Extensions=Katakana}\\p{Script_Extensions=Hangul}';
const CJK = new RegExp(`[${CJK_CLASS}]`, 'u');
const CJK_RUNS = new RegExp(`[${CJK_CLASS}]+|[^${CJK_CLASS}]+`, 'gu');

const stems = new Map<string, string>();
const LIGHT_STEMS: ReadonlySet<string> = new Set([...LIGHT_WORDS].map((word) => stem(word)));

/** Lower-case words of a text or an identifier: splits camelCase, acronyms, snake_case, kebab-case, dots and scopes. */
export function splitWords(text: string): string[] {
  if (SIMPLE_WORD.test(text)) return [text.toLowerCase()];
  const ascii = splitAscii(text) ?? splitQuotedAscii(text);
  if (ascii) return ascii;
  const words = text
    .replace(CAMEL_LOWER_UPPER, '$1 $2')
    .replace(CAMEL_ACRONYM, '$1 $2')
    .toLowerCase()
    .replace(POSSESSIVE, '')
    .replace(APOSTROPHE, '')
    .split(NON_WORD)
    .filter((word) => word.length > 0);
  return CJK.test(text) ? words.flatMap(cjkWords) : words;
}

/**
 * `splitWords` of a text of ASCII characters without apostrophes, by char codes: a word breaks at any character
 * other than a letter or digit, before a capital after a lower-case letter or digit, and before a capital that
 * follows a capital and is followed by a lower-case letter (the camel-case expressions' breaks). Undefined for any
 * other text.
 */
function splitAscii(text: string): string[] | undefined {
  const words: string[] = [];
  let start = -1;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code > 127 || code === 39) return undefined;
    const capital = code >= 65 && code <= 90;
    if (capital || (code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (start < 0) start = at;
      else if (capital) {
        const before = text.charCodeAt(at - 1);
        const after = at + 1 < text.length ? text.charCodeAt(at + 1) : 0;
        if (!(before >= 65 && before <= 90) || (after >= 97 && after <= 122)) {
          words.push(text.slice(start, at).toLowerCase());
          start = at;
        }
      }
    } else if (start >= 0) {
      words.push(text.slice(start, at).toLowerCase());
      start = -1;
    }
  }
  if (start >= 0) words.push(text.slice(start).toLowerCase());
  return words;
}

/**
 * `splitWords` of a text of ASCII characters with apostrophes (a request's "what's", "I'd"), by char codes as
 * `splitAscii` reads one without, and as the expressions treat an apostrophe: a possessive ("'s" before a word break:
 * a character other than a letter, digit or '_', the end, or a camel-case break) is dropped, any other apostrophe
 * joins what is on either side, and no camel-case break is made across one. Undefined for any other text.
 */
function splitQuotedAscii(text: string): string[] | undefined {
  const words: string[] = [];
  const length = text.length;
  let word = ''; // the current word's pieces before its apostrophes
  let start = -1; // where the current piece starts (-1: none)
  for (let at = 0; at < length; at++) {
    const code = text.charCodeAt(at);
    if (code > 127) return undefined;
    if (code === 39) {
      if (start >= 0) word += text.slice(start, at);
      start = -1;
      if (!possessiveAt(text, at)) continue;
      at++;
      // Before a camel-case break the word ends here; before another apostrophe it goes on.
      const next = at + 1 < length ? text.charCodeAt(at + 1) : 0;
      if (isAsciiLetterOrDigit(next) && word.length > 0) {
        words.push(word.toLowerCase());
        word = '';
      }
      continue;
    }
    if (isAsciiLetterOrDigit(code)) {
      if (start < 0) start = at;
      else if (code >= 65 && code <= 90) {
        // In a piece, the character before is a letter or digit: `splitAscii`'s camel-case breaks.
        const before = text.charCodeAt(at - 1);
        const after = at + 1 < length ? text.charCodeAt(at + 1) : 0;
        if (!(before >= 65 && before <= 90) || (after >= 97 && after <= 122)) {
          words.push((word + text.slice(start, at)).toLowerCase());
          word = '';
          start = at;
        }
      }
      continue;
    }
    if (start >= 0) word += text.slice(start, at);
    start = -1;
    if (word.length > 0) words.push(word.toLowerCase());
    word = '';
  }
  if (start >= 0) word += text.slice(start);
  if (word.length > 0) words.push(word.toLowerCase());
  return words;
}

/** Whether the apostrophe at `at` starts a possessive the expressions drop: "'s" (or "'S") before a word break. */
function possessiveAt(text: string, at: number): boolean {
  const s = text.charCodeAt(at + 1);
  if (s !== 115 && s !== 83) return false;
  if (at + 2 >= text.length) return true;
  const next = text.charCodeAt(at + 2);
  if (!(isAsciiLetterOrDigit(next) || next === 95)) return true;
  // A camel-case break after the s: a lower-case s before a capital, or a capital S before a capital and a lower-case letter.
  if (!(next >= 65 && next <= 90)) return false;
  if (s === 115) return true;
  const then = at + 3 < text.length ? text.charCodeAt(at + 3) : 0;
  return then >= 97 && then <= 122;
}

const isAsciiLetterOrDigit = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);

/**
 * A word with Chinese, Japanese or Korean characters, which are written without spaces: each run of them as its
 * overlapping pairs of characters (as Lucene's CJK analyzer does: "八字" is found in "根据八字获取"), other runs kept.
 */
function cjkWords(word: string): string[] {
  if (!CJK.test(word)) return [word];
  const found: string[] = [];
  for (const run of word.match(CJK_RUNS) ?? []) {
    const characters = [...run];
    if (!CJK.test(run) || characters.length < 3) found.push(run);
    else for (let at = 1; at < characters.length; at++) found.push(characters[at - 1]! + characters[at]!);
  }
  return found;
}

/** Whether a lower-case word carries meaning: not a stop word, not a bare number, not a single letter. */
export function isContentWord(word: string): boolean {
  return word.length > 1 && !STOP_WORDS.has(word) && !DIGITS.test(word);
}

/** The Porter stem of a lower-case word (English letters only; other words are kept as they are). */
export function stem(word: string): string {
  let found = stems.get(word);
  if (found === undefined) {
    found = word.length > 2 && ASCII_WORD.test(word) ? stemmer(word) : word;
    if (stems.size > 50_000) stems.clear();
    stems.set(word, found);
  }
  return found;
}

/** Index terms of a text: split words, stop words and numbers dropped, Porter-stemmed. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) if (isContentWord(word)) terms.push(stem(word));
  return terms;
}

/** Whether a stemmed term frames a request ("please", "make", "want") rather than naming what is wanted. */
export function isLightTerm(term: string): boolean {
  return LIGHT_STEMS.has(term);
}
