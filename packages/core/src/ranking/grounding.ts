import { queryTerms } from './query-terms.js';
import { isContentWord, isLightTerm, splitWords, stem } from './tokenize.js';
import type { RankParameter } from './types.js';

/** What a request holds that could fill an action's parameters, counted once per query. */
export interface RequestValues {
  /** Numbers: tokens with digits ("10", "$200,000", "2019-12-13", "3x") and number words ("five", "dozen"). */
  readonly numbers: number;
  /** Units of time without a number ("next week", "over the past decade"): an amount the request implies. */
  readonly quantities: number;
  /** Names and quoted texts: runs of capitalised words inside a sentence ("Museum of Modern Art"), text in quotes. */
  readonly names: number;
  /** The request's content terms (stemmed, light words left out), to find the words an action does not explain. */
  readonly terms: readonly string[];
}

/** How far a request can fill an action's required parameters, each share in [0, 1]. */
export interface Grounding {
  /** Share of the required parameters something in the request could fill: a value, a time unit, a spare word. */
  readonly filled: number;
  /** Share filled by a value of the parameter's type: a number for a number, a name, quote or number for text. */
  readonly typed: number;
}

/** How grounding changes a relevance: `relevance × (1 − penalty × (1 − filled)) × (1 + boost × typed)`. */
export interface GroundingWeights {
  /**
   * What an unfillable required parameter costs: at 1, an action none of whose required parameters the request can
   * fill drops out.
   */
  readonly penalty: number;
  /** How much values of the right type lift the relevance: 1 doubles it when every required parameter gets one. */
  readonly boost: number;
}

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
/** Small words that join the capitalised words of one name ("Museum of Modern Art", "Doe vs. Smith"). */
const NAME_JOINERS: ReadonlySet<string> = new Set(['of', 'the', 'de', 'la', 'vs', 'vs.', 'and', '&']);

// In single quotes, an apostrophe followed by a letter ("It's") belongs to the quoted text.
const QUOTED = /"[^"]+"|“[^”]+”|‘[^’]+’|(?<![\p{L}\p{N}])'(?:[^']|'(?=\p{L}))+'(?![\p{L}\p{N}])/gu;
const NUMBER_TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’_.,-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
const WORD_TOKEN = /[\p{L}\p{N}&][\p{L}\p{N}'’_.-]*/gu;
const SPACE = /\s/;
const NOT_ASCII = /[\u0080-\uffff]/;
// Only a text with one of these can hold a quoted text.
const MAY_QUOTE = /["“‘']/;
const DIGIT = /\p{N}/u;
const CAPITALISED = /^\p{Lu}/u;

// The last requests' values: a query's lexical pass, its floor and its judge each ask for them.
const recentValues = new Map<string, RequestValues>();

/** The values a request holds: numbers, implied amounts, names and quoted texts, and its content terms. */
export function requestValues(query: string): RequestValues {
  let values = recentValues.get(query);
  if (values) return values;
  values = valuesOf(query);
  if (recentValues.size >= 8) recentValues.delete(recentValues.keys().next().value as string);
  recentValues.set(query, values);
  return values;
}

function valuesOf(query: string): RequestValues {
  let numbers = 0;
  let quantities = 0;
  for (const token of query.match(NUMBER_TOKEN) ?? []) {
    if (DIGIT.test(token)) numbers++;
    // The number words and time units are 3 to 9 letters long.
    else if (token.length >= 3 && token.length <= 9) {
      const lower = token.toLowerCase();
      if (NUMBER_WORDS.has(lower)) numbers++;
      else if (TIME_UNITS.has(lower)) quantities++;
    }
  }
  let names = 0;
  const unquoted = MAY_QUOTE.test(query)
    ? query.replace(QUOTED, () => {
        names++;
        return ' , ';
      })
    : query;
  let inName = false;
  WORD_TOKEN.lastIndex = 0;
  for (let match = WORD_TOKEN.exec(unquoted); match; match = WORD_TOKEN.exec(unquoted)) {
    const token = match[0];
    const capitalised = isCapitalised(token) && token !== 'I' && !startsSentence(unquoted, match.index);
    if (capitalised && !inName) names++;
    inName = capitalised || (inName && NAME_JOINERS.has(token.toLowerCase()));
  }
  return Object.freeze({ numbers, quantities, names, terms: Object.freeze(contentTerms(query)) });
}

/**
 * The request's distinct content terms that are not light, in the order first said. A text of ASCII characters only
 * splits into the same words token by token as whole (its lower case does not depend on the letters around), so its
 * terms are the query's terms the lexical pass already worked out; any other text is split and stemmed here.
 */
function contentTerms(query: string): string[] {
  if (!NOT_ASCII.test(query)) {
    const found: string[] = [];
    for (const { term } of queryTerms(query)) if (!isLightTerm(term)) found.push(term);
    return found;
  }
  const terms = new Set<string>();
  for (const word of splitWords(query)) {
    if (!isContentWord(word)) continue;
    const term = stem(word);
    if (!isLightTerm(term)) terms.add(term);
  }
  return [...terms];
}

/** `CAPITALISED.test(token)`, the letters A to Z and a to z told apart without the expression. */
function isCapitalised(token: string): boolean {
  const code = token.charCodeAt(0);
  if (code >= 65 && code <= 90) return true;
  if (code < 128) return false;
  return CAPITALISED.test(token);
}

/**
 * Whether a token at `index` starts a sentence: the start of the text, or `SENTENCE_END` holding for the three
 * characters before it (a sentence's mark, then only spaces).
 */
function startsSentence(text: string, index: number): boolean {
  if (index === 0) return true;
  const from = Math.max(0, index - 3);
  for (let at = index - 1; at >= from; at--) {
    const code = text.charCodeAt(at);
    // . ! ? : ;
    if (code === 46 || code === 33 || code === 63 || code === 58 || code === 59) return true;
    if (code === 32 || (code >= 9 && code <= 13)) continue;
    if (code < 128 || !SPACE.test(text[at]!)) return false;
  }
  return false;
}

/** Whether a parameter's description says it has a default ("Default is 2", "defaults to today"). */
const STATES_DEFAULT = /\bdefault(?:s|ed)?\b/i;

/** The required parameters a request must fill, by the kind of value they take; booleans and defaults need none. */
export interface RequiredValues {
  readonly numbers: number;
  readonly texts: number;
  /** Required parameters that need nothing from the request (a yes/no, a stated default). */
  readonly free: number;
}

const sharedRequiredValues = new Map<string, RequiredValues>();

/** Count an action's required parameters by what would fill them. */
export function requiredValuesOf(parameters: readonly RankParameter[]): RequiredValues {
  let numbers = 0;
  let texts = 0;
  let free = 0;
  for (const parameter of parameters) {
    if (!parameter.required) continue;
    if (parameter.value === 'boolean' || STATES_DEFAULT.test(parameter.description)) free++;
    else if (parameter.value === 'number') numbers++;
    else texts++;
  }
  // Most actions share a few shapes: one object per shape keeps a large registry small.
  const key = `${numbers} ${texts} ${free}`;
  let shared = sharedRequiredValues.get(key);
  if (!shared) {
    shared = Object.freeze({ numbers, texts, free });
    if (sharedRequiredValues.size < 1024) sharedRequiredValues.set(key, shared);
  }
  return shared;
}

/**
 * How far a request can fill an action's required parameters. Number parameters take the request's numbers, then
 * its time units; text parameters take its names and quoted texts, then its spare numbers, then its spare words
 * (`spareWords`: the request's content words that are not the action's own words, counted only when needed).
 */
export function groundingOf(
  required: RequiredValues,
  values: RequestValues,
  spareWords: () => number,
): Grounding {
  const total = required.numbers + required.texts + required.free;
  if (total === 0) return { filled: 1, typed: 0 };
  const numbersTyped = Math.min(required.numbers, values.numbers);
  const numbersImplied = Math.min(required.numbers - numbersTyped, values.quantities);
  const textsNamed = Math.min(required.texts, values.names + values.numbers - numbersTyped);
  const textsLeft = required.texts - textsNamed;
  const textsWorded = textsLeft > 0 ? Math.min(textsLeft, spareWords()) : 0;
  const typed = numbersTyped + textsNamed;
  return {
    filled: (required.free + typed + numbersImplied + textsWorded) / total,
    typed: typed / total,
  };
}

/** Throw a RangeError for grounding weights out of range (penalty in [0, 1], boost at least 0). */
export function checkGroundingWeights(weights: GroundingWeights): void {
  if (!(weights.penalty >= 0 && weights.penalty <= 1))
    throw new RangeError('grounding.penalty must be between 0 and 1');
  if (!(weights.boost >= 0)) throw new RangeError('grounding.boost must be 0 or more');
}

/** The relevance after grounding: lowered for parameters nothing could fill, lifted for values of the right type. */
export function groundedRelevance(
  relevance: number,
  grounding: Grounding,
  weights: GroundingWeights,
): number {
  return relevance * (1 - weights.penalty * (1 - grounding.filled)) * (1 + weights.boost * grounding.typed);
}

/** How many of a request's content terms are not among an action's own terms. */
export function spareWordsOf(values: RequestValues, ownTerms: ReadonlySet<string>): number {
  let spare = 0;
  for (const term of values.terms) if (!ownTerms.has(term)) spare++;
  return spare;
}
