import { requestValues } from './grounding.js';
import { queryTerms } from './query-terms.js';
import { asksIndirectly, asksInSentences, isQuestion, opensAsQuestion } from './sentence-asks.js';
import { isContentWord, isLightTerm, splitWords, stem } from './tokenize.js';

export { isQuestion };

/**
 * Requests of at most this many content words keep at least their lexical relevance in the word-vector ranker:
 * chosen on the two everyday-request tuning sets and the BFCL tuning half, see docs/ranking-tuning.md.
 */
export const DEFAULT_SHORT_REQUEST_WORDS = 2;

/** Instructions (requests that are not questions) of fewer than this many content words keep it too. */
export const DEFAULT_INSTRUCTION_WORDS = 5;

/** Requests of at most this many content words that point at something in front of the person keep it too. */
export const DEFAULT_POINTING_WORDS = 8;

/** Which requests keep at least their lexical relevance (see `floorKindOf`). */
export interface LexicalFloor {
  /** Any request of at most this many content words (0: none by length). */
  readonly shortWords: number;
  /** An instruction of fewer than this many content words (0: none). */
  readonly instructionWords: number;
  /** A request of at most this many content words that points at something in front of the person (0: none). */
  readonly pointingWords: number;
  /** A request that joins several asks ("…and convert it to a mind map"), whatever its length (false: none). */
  readonly severalAsks: boolean;
  /** A request of several sentences, one of which asks for a doing (`asksInSentences`; false: none). */
  readonly sentenceAsks: boolean;
  /** A request that states a file path or web address, for an action that takes one (`statesLocation`; false: none). */
  readonly locations: boolean;
  /**
   * Whether a request kept by its length alone (the first two rules) keeps, for an unscoped action, only its grounded
   * lexical relevance unless it is an instruction whose verb is the action's (`lengthFloorOf`; false: all of it).
   */
  readonly groundedShort: boolean;
  /** Whether a request keeps it for an action that needs nothing when it asks for what that gives (`asksWhatItGives`). */
  readonly needsNothing: boolean;
  /** Whether the best lexical match of a wish that names a thing keeps it when the wish fills its values (`keepsAsBestMatch`). */
  readonly wishes: boolean;
}

/** The word-vector ranker's options that choose its `LexicalFloor` (see `WordVectorRankerOptions`). */
export interface LexicalFloorOptions {
  /**
   * A request of at most this many content words (a light word counts less) is kept wherever the lexical ranker
   * keeps it: its relevance is never below the lexical one (default 2; 0 turns this off). See docs/ranking.md.
   */
  readonly shortRequestWords?: number;
  /** An instruction (a request that is not a question) of fewer than this many content words too (default 5; 0 off). */
  readonly instructionWords?: number;
  /**
   * A request that points at what is selected or open ("this", "these", "here"; for an action with a `scope` also
   * "it", "them", the scope's name, or any instruction) too, up to this many (default 8).
   */
  readonly pointingWords?: number;
  /** A request that joins several asks with "and", "then" or "including" too, whatever its length (default true). */
  readonly severalAsks?: boolean;
  /**
   * A request of several sentences of which one asks for a doing (an instruction, "Can you…?") too, whatever its
   * length (default true; see `asksInSentences`).
   */
  readonly sentenceAsks?: boolean;
  /**
   * A request that states a file path, a file name or a web address keeps it too for an action with a required
   * parameter named for one (`path`, `url`…), whatever its length (default true; see `statesLocation`).
   */
  readonly locations?: boolean;
  /**
   * A request kept by its length alone (the first two) keeps, for an action without a `scope`, only its grounded
   * lexical relevance unless it is an instruction with the action's verb (default true; see `lengthFloorOf`).
   */
  readonly groundedShort?: boolean;
  /**
   * A question, or an instruction with no verb or the action's own, keeps it too for an action with no required
   * parameter, whatever its length (default true; see `asksWhatItGives`).
   */
  readonly needsNothing?: boolean;
  /**
   * A wish that names a thing, not a doing ("I need a list of…", "I'd like…"), keeps it too for its best lexical
   * match when it fills every required parameter of it, whatever its length (default true; see `keepsAsBestMatch`).
   */
  readonly wishes?: boolean;
}

/** The lexical floor of some options, their defaults filled in; a RangeError for a count below 0. */
export function lexicalFloorOf(options: LexicalFloorOptions): LexicalFloor {
  const floor: LexicalFloor = {
    shortWords: options.shortRequestWords ?? DEFAULT_SHORT_REQUEST_WORDS,
    instructionWords: options.instructionWords ?? DEFAULT_INSTRUCTION_WORDS,
    pointingWords: options.pointingWords ?? DEFAULT_POINTING_WORDS,
    severalAsks: options.severalAsks ?? true,
    sentenceAsks: options.sentenceAsks ?? true,
    locations: options.locations ?? true,
    groundedShort: options.groundedShort ?? true,
    needsNothing: options.needsNothing ?? true,
    wishes: options.wishes ?? true,
  };
  if (!(floor.shortWords >= 0)) throw new RangeError('shortRequestWords must be 0 or more');
  if (!(floor.instructionWords >= 0)) throw new RangeError('instructionWords must be 0 or more');
  if (!(floor.pointingWords >= 0)) throw new RangeError('pointingWords must be 0 or more');
  return floor;
}

/** How many content words a request says: 1 for each distinct one, a light word ("make", "show") less. */
export function requestWords(query: string): number {
  let words = 0;
  for (const term of queryTerms(query)) words += term.weight;
  return words;
}

/** Words by which a request points at what is selected or open ("close this issue", "what's here?"). */
const POINTING = /\b(?:this|these|here)\b/i;

/** Words that join the steps of a task or the things it asks for ("… and save it", "then", "including a chart"). */
const JOINED = /\b(?:and|then|including)\b/i;

/**
 * Whether a request joins several asks: "Get the wiki page of vercel/ai and convert its structure to a mind map",
 * "plan a bike route, including the travel time". Each action serves one of them, so the soft coverage of its words
 * by the whole request stays low (most of the request is about the other steps) and its values are often for the
 * other steps or come from them (the coordinates a route needs come from the step that finds the places).
 */
export function asksSeveral(query: string): boolean {
  return JOINED.test(query);
}

/** Whether a request states values of its own (a number, a name, a quoted text, a span of time). */
function holdsValues(query: string): boolean {
  const values = requestValues(query);
  return values.numbers + values.names + values.quantities > 0;
}

/**
 * How a request keeps its lexical relevance: `'none'`; `'whole'`, never below it; `'length'`, kept by its length alone
 * (a short request, a short instruction), which for an unscoped action keeps only what `lengthFloorOf` gives.
 */
export type FloorKind = 'none' | 'whole' | 'length';

/**
 * How a request is judged against the lexical ranker's judgement. A short request, a short instruction, and a short
 * request about what is in front of the person ("close this issue") say few of an action's words, so the soft
 * coverage of the action's text stays near 0 and the fusion would judge them by half their lexical evidence; and they
 * rarely hold the values the action's parameters need (those come from what is selected or open). A request that
 * joins several asks (`asksSeveral`) is about each action in part, for the same reasons, and so is a request of several
 * sentences one of which asks for a doing (`asksInSentences`): the others are its context or other asks. A question of several words
 * is left to the fused, grounded relevance: asking about a subject ("who is the vice president?") is not asking for
 * the action on it, which is what the word-vector ranker's irrelevance rejection is for. A request kept by its length
 * alone is `'length'` (with `floor.groundedShort`): see `lengthFloorOf`. No registry statistic enters.
 */
export function floorKindOf(query: string, floor: LexicalFloor): FloorKind {
  const words = requestWords(query);
  if (words <= floor.pointingWords && POINTING.test(query)) return 'whole';
  if (floor.severalAsks && asksSeveral(query)) return 'whole';
  if (floor.sentenceAsks && asksInSentences(query)) return 'whole';
  const short =
    words <= floor.shortWords ||
    (words < floor.instructionWords && !isQuestion(query) && !holdsValues(query));
  if (!short) return 'none';
  return floor.groundedShort ? 'length' : 'whole';
}

/** What a request asks for, as `lengthFloorOf` reads it: a question, or an instruction and the verb it starts with. */
export interface Ask {
  readonly question: boolean;
  /**
   * An instruction's first word, stemmed, when that is a content word and not a light one ("create a jigsaw puzzle":
   * "creat"; none for "please…", "I want…", "show me…").
   */
  readonly verb: string | undefined;
}

/** What a request asks for: a question, or an instruction and its verb. */
export function askOf(query: string): Ask {
  if (isQuestion(query)) return { question: true, verb: undefined };
  const first = splitWords(query)[0];
  const term = first !== undefined && isContentWord(first) ? stem(first) : undefined;
  return { question: false, verb: term !== undefined && !isLightTerm(term) ? term : undefined };
}

/**
 * What a request kept by its length alone (`floorKindOf` gives `'length'`) keeps of an unscoped action's lexical
 * relevance. All of it when the action needs nothing the request leaves out (`filled`, the share of its required
 * parameters the request can fill, is 1), or when the request is an instruction that does not name another doing than
 * the action's: its verb is among the action's own words ("move the report into archive" for `move_file`) or it has
 * none ("show me the channels"). Otherwise only as far as the request can fill those parameters (lexical × `filled`),
 * as the fused relevance is grounded: a short question ("What is a holy book?" for `search_holy_books`) or an
 * instruction with another verb ("Create a jigsaw puzzle" for `solve_jigsaw`) that shares only the action's subject
 * asks about that subject, not for the action, and gives nothing the action needs. `ownTerms`: the stems of the
 * action's own words (name, title, description), asked only for an instruction with a verb.
 */
export function lengthFloorOf(
  lexical: number,
  filled: number,
  ask: Ask,
  ownTerms: () => ReadonlySet<string>,
): number {
  if (filled >= 1) return lexical;
  if (!ask.question && (ask.verb === undefined || ownTerms().has(ask.verb))) return lexical;
  return lexical * filled;
}

/** Words by which a request refers to what is selected when an action acts on a selection ("make it red"). */
const SELECTED = /\b(?:it|its|them|they|their)\b/i;

/**
 * Whether a request of at most `floor.pointingWords` content words points at the selected target of an action with
 * a `scope` ("make it bigger", "download the board as CSV" of the board's actions): it says "it" or "them", names
 * the scope, or is an instruction, values or not ("crop 20 pixels off the top", "I need one more row"). A scoped
 * action is offered for a target of its type, whose id the selection fills, so such a request is about that target
 * as "this" is; an instruction's values are for the action's other parameters, which grounding need not judge when
 * the lexical ranker would keep it. A request that is a question only by its last mark ("crop it?", "shouldn't we
 * crop the photo?"; `opensAsQuestion`), a polite ask put as a question ("Can the first line be a big title?"), a
 * question of a doing ("How can I add a link to the text?", "Do I need to crop it?") and a suggestion ("maybe paint
 * the circle blue?"; all `asksIndirectly`) are instructions too. A question of how something is ("What colour is the
 * circle?") is left to the fused relevance unless it points or names the scope.
 * Unscoped actions (every action of BFCL, Seal-Tools and the MCP tool sets) are never judged by this rule.
 */
export function pointsAtSelection(query: string, scope: string, floor: LexicalFloor): boolean {
  if (requestWords(query) > floor.pointingWords) return false;
  if (POINTING.test(query) || SELECTED.test(query) || !opensAsQuestion(query) || asksIndirectly(query))
    return true;
  const said = new Set(splitWords(query).map(stem));
  return splitWords(scope).some((word) => said.has(stem(word)));
}

/**
 * Whether a document of a scope (or of none) keeps at least its lexical relevance for a request that `keeps` it or
 * not: a scoped one also when the request points at the selected target (`pointsAtSelection`), decided once a scope.
 */
export function scopedFloorOf(
  query: string,
  keeps: boolean,
  floor: LexicalFloor,
): (scope: string | undefined) => boolean {
  if (keeps || floor.pointingWords === 0) return () => keeps;
  const points = new Map<string, boolean>();
  return (scope) => {
    if (scope === undefined) return false;
    let found = points.get(scope);
    if (found === undefined) {
      found = pointsAtSelection(query, scope, floor);
      points.set(scope, found);
    }
    return found;
  };
}

/** The relevance the threshold is compared with: never below the lexical one for a request that `keeps` it. */
export function flooredRelevance(fused: number, lexical: number, keeps: boolean): number {
  return keeps ? Math.max(fused, lexical) : fused;
}
