import { requestParts } from './request-parts.js';
import { isContentWord } from './tokenize.js';

/** How a question opens: with a question word, or with a verb put before its subject ("is it…", "does the…"). */
const OPENS_QUESTION =
  /^\s*(?:what|who|whom|whose|which|where|when|why|how)\b|^\s*(?:is|are|was|were|am|do|does|did|has|have|had)\s+(?:you|it|this|that|these|those|there|the|a|an|any|anyone|anybody|i|we|they|he|she|my|our|your)\b/i;

/** A question mark at the end (spaces after it aside). */
const QUESTION_MARK = /\?\s*$/;

/**
 * Whether a request asks a question rather than telling the application what to do: it opens as one
 * (`opensAsQuestion`) or ends with a question mark. "Do some research" and "could you…" are instructions.
 */
export function isQuestion(query: string): boolean {
  return OPENS_QUESTION.test(query) || QUESTION_MARK.test(query);
}

/**
 * Whether a request opens as a question does. One that is a question only by its last mark ("crop it?", "shouldn't we
 * crop the photo?", "any chance you could crop it?") says a doing, the mark giving only its tone.
 */
export function opensAsQuestion(query: string): boolean {
  return OPENS_QUESTION.test(query);
}

/** Words that open a sentence by linking it to the one before ("Also, tell me…", "Finally, save it…"). */
const CONNECTIVE =
  /^\s*(?:also|then|finally|next|now|and|lastly|afterwards|first|firstly|second|secondly|third)\b[,:]?\s*/i;

/** A request put as a question that asks for a doing ("Can you map out a route…?"), or marked as a request. */
const POLITE = /^\s*(?:(?:can|could|would|will)\s+you\b|please\b|kindly\b)/i;

/**
 * A question of a doing, not of how something is: a person in it, a modal verb or a verb after "to" ("Can the first
 * line be a big title?", "How do I add a link?", "When can I crop it?", "Do I need to resize it?", "What's the best way
 * to rotate it?", "Is there any way to undo the last change?"). "How big is the square?", "What does the picture
 * show?" and "Is the text locked?" ask how something is.
 */
const OF_DOING =
  /\b(?:i|we|you|can|could|would|will|may|might|shall|should|must)\b|\bto\s+(?!(?:the|a|an|this|that|these|those|it|its|them|their|me|us|my|our|your)\b)\p{L}/iu;

/** A doing put as a suggestion: "maybe paint the circle blue?", "what if the box were wider?", "how about a caption?". */
const SUGGESTED = /^\s*(?:maybe|perhaps|what\s+if|how\s+about|what\s+about|why\s+not)\b/i;

/**
 * Whether a request asks for a doing indirectly: as a question of a doing (`OF_DOING`: a modal yes/no question, a
 * question of how, when or whether to do it, of why it cannot be done), as a suggestion, or marked as a request
 * ("please", "kindly": of `POLITE`, whose "can you" is a question of a doing too).
 */
export function asksIndirectly(query: string): boolean {
  return POLITE.test(query) || OF_DOING.test(query) || SUGGESTED.test(query);
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
