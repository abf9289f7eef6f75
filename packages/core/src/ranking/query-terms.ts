import { visitAsciiTokens } from './ascii-tokens.js';
import { isContentWord, isLightTerm, splitWords, stem } from './tokenize.js';

/** One distinct term of a query. */
export interface QueryTerm {
  readonly term: string;
  /** The word as written (lower case), for prefix matching while someone types. */
  readonly word: string;
  /** 1 for a content word, less for a word that only frames the request ("please", "make"). */
  readonly weight: number;
  /** Looks like a value the caller supplies (a number, an id, a quoted text, a proper name) rather than an intent. */
  readonly value: boolean;
  /** Position of its first occurrence among the query's content words. */
  readonly position: number;
}

const QUOTED = /"[^"]*(?:"|$)|“[^”]*(?:”|$)|(?<![\p{L}\p{N}])'[^']+'(?![\p{L}\p{N}])/gu;
const RAW_TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’_.-]*/gu;
const SENTENCE_END = /[.!?:;]\s*$/;
const NON_ASCII = /[^\0-\x7f]/;

/** Light words weigh this much of a content word. */
export const LIGHT_WEIGHT = 0.2;

/**
 * The distinct terms of a query, in order, with a weight and whether each looks like a value: text in quotes,
 * tokens with digits, and capitalised words inside a sentence are values.
 */
export function queryTerms(text: string): readonly QueryTerm[] {
  // A query is often read several times (whether it has terms, then its plan; by two rankers; a request and its
  // sentences in turn): the last few are kept.
  for (let at = 0; at < KEPT; at++) if (recent.texts[at] === text) return recent.terms[at]!;
  const found = new Map<string, QueryTerm>();
  let position = 0;
  const visit = (raw: string, value: boolean) => {
    for (const word of splitWords(raw)) {
      if (!isContentWord(word)) continue;
      const term = stem(word);
      const light = isLightTerm(term);
      const previous = found.get(term);
      if (previous) {
        if (previous.value && !value) found.set(term, { ...previous, value: false });
        continue;
      }
      found.set(term, {
        term,
        word,
        weight: light ? LIGHT_WEIGHT : 1,
        value: value && !light,
        position: position++,
      });
    }
  };
  let last = 0;
  for (const match of text.matchAll(QUOTED)) {
    visitPlain(text.slice(last, match.index), visit);
    visit(match[0], true);
    last = match.index + match[0].length;
  }
  visitPlain(text.slice(last), visit);
  const terms = Object.freeze([...found.values()]);
  recent.texts[recent.next] = text;
  recent.terms[recent.next] = terms;
  recent.next = (recent.next + 1) % KEPT;
  return terms;
}

/** Whether a request has any word to weigh (not only stop words and numbers). */
export const hasTerms = (query: string): boolean => queryTerms(query).length > 0;

/** How many of the last queries' terms are kept. */
const KEPT = 8;
const recent = {
  texts: new Array<string | undefined>(KEPT).fill(undefined),
  terms: new Array<readonly QueryTerm[] | undefined>(KEPT).fill(undefined),
  next: 0,
};

function visitPlain(text: string, visit: (raw: string, value: boolean) => void): void {
  if (!NON_ASCII.test(text)) {
    visitAsciiTokens(text, visit);
    return;
  }
  for (const match of text.matchAll(RAW_TOKEN)) {
    const raw = match[0];
    const sentenceStart =
      match.index === 0 || SENTENCE_END.test(text.slice(Math.max(0, match.index - 3), match.index));
    const capitalised = /^\p{Lu}/u.test(raw) && !sentenceStart && !/^\p{Lu}+$/u.test(raw);
    visit(raw, /\p{N}/u.test(raw) || capitalised);
  }
}
