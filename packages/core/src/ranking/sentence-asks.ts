import { requestParts } from './request-parts.js';
import { isContentWord } from './tokenize.js';

/**
 * A question: it starts with a question word, or with a verb put before its subject ("is it…", "does the…"), or
 * ends with a question mark. "Do some research" and "could you…" are instructions.
 */
const QUESTION =
  /^\s*(?:what|who|whom|whose|which|where|when|why|how)\b|^\s*(?:is|are|was|were|am|do|does|did|has|have|had)\s+(?:you|it|this|that|these|those|there|the|a|an|any|anyone|anybody|i|we|they|he|she|my|our|your)\b|\?\s*$/i;

/** Whether a request asks a question rather than telling the application what to do. */
export function isQuestion(query: string): boolean {
  return QUESTION.test(query);
}

/** Words that open a sentence by linking it to the one before ("Also, tell me…", "Finally, save it…"). */
const CONNECTIVE =
  /^\s*(?:also|then|finally|next|now|and|lastly|afterwards|first|firstly|second|secondly|third)\b[,:]?\s*/i;

/** A request put as a question that asks for a doing ("Can you map out a route…?"), or marked as a request. */
const POLITE = /^\s*(?:(?:can|could|would|will)\s+you\b|please\b|kindly\b)/i;

/**
 * A yes/no question that opens with a modal verb ("Can the first line be a big title?", "Could you trim the edges?")
 * or with "is it possible to" / "is there a way to": a person asking politely for a change, not asking about something.
 */
const MODAL = /^\s*(?:(?:can|could|would|will|may|shall)\b|is\s+(?:it\s+possible|there\s+a\s+way)\s+to\b)/i;

/**
 * A question of how to do something ("How do I add a link to the text?", "Where can I put a caption?"): in a palette
 * or an application's assistant, a person asking for the doing itself.
 */
const HOW_TO = /^\s*(?:how|where)\s+(?:do|can|could|would|should|might|may)\s+(?:i|we|one)\b/i;

/**
 * Whether a request asks for a doing indirectly: as `POLITE` reads it, as a modal yes/no question (`MODAL`), or as a
 * question of how to do it (`HOW_TO`).
 */
export function asksIndirectly(query: string): boolean {
  return POLITE.test(query) || MODAL.test(query) || HOW_TO.test(query);
}

/** Content words that open a sentence as its subject, not as a verb ("One person is in…", "Someone sent me…"). */
const SUBJECTS: ReadonlySet<string> = new Set(
  'one another someone somebody everyone everybody anyone anybody nobody'.split(' '),
);

/** A sentence's first word, lower-case, without what follows an apostrophe ("I'm" → "i", "What's" → "what"). */
const FIRST_WORD = /^\s*["'‘“([]*(\p{L}+)/u;

/**
 * Whether a sentence asks the application for a doing: an instruction ("Give me some advice on what to wear!", "Save
 * it to /root/report.md"; its first word, after a linking word, is a content word, as a verb is) or a polite request
 * put as a question ("Can you map out a route…?", "Please…"). Not a question about something ("What's the weather
 * like…?") and not a statement ("I'm driving an EV…", "There are three of us.", "One person is in…"). Without a
 * part-of-speech tagger, a sentence that opens with a name ("Alice sent me…") reads as an instruction, and one that
 * asks in the first person ("I need a Word document…") as a statement.
 */
export function asksForDoing(sentence: string): boolean {
  const rest = sentence.replace(CONNECTIVE, '');
  if (POLITE.test(rest)) return true;
  if (isQuestion(rest)) return false;
  const first = FIRST_WORD.exec(rest)?.[1]?.toLowerCase();
  return first !== undefined && isContentWord(first) && !SUBJECTS.has(first);
}

/**
 * Whether a request of several sentences asks for a doing in one of them: "I'm driving an EV from Beijing to Chengdu.
 * Can you map out a route with all the charging stations I'll need?", "What's the weather like in Beijing? Give me some
 * advice on what to wear!". Its other sentences give the context or other asks, so the soft coverage of an action's
 * words by the whole request stays low and its values are for the other sentences, as with several asks joined by
 * "and" (`asksSeveral`). A request of questions and statements only ("I received an email from amaz0n.com. Is this
 * site official?") asks about something, which the fused, grounded relevance judges.
 */
export function asksInSentences(query: string): boolean {
  const sentences = requestParts(query);
  return sentences.length >= 2 && sentences.some(asksForDoing);
}
