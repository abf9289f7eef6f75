import type { RequiredValues } from './grounding.js';
import type { Ask } from './short-request-floor.js';

/** Whether an action needs nothing of a request: it has no required parameter (a scoped one's target aside). */
export function needsNothing(required: RequiredValues): boolean {
  return required.numbers + required.texts + required.free === 0;
}

/**
 * Whether a request asks for what an action that needs nothing gives, and so keeps its lexical relevance for it: a
 * question ("What's trending on Weibo right now?" for `get-weibo-trending`, "What does the Chinese calendar say about
 * today's date?" for `getChineseCalendar`), or an instruction that names no other doing than the action's (its verb is
 * none, "I'd like…", or one of the action's own words). Such an action has nothing to fill, so grounding cannot judge
 * it, and a question on its subject is answered by its output: the irrelevance rejection that leaves a question to the
 * fused relevance is about actions that need values a question on their subject does not give ("What is a holy book?"
 * for `search_holy_books`). Its soft coverage is no better a judge: its text's other words (a server's name in its
 * tags, a description in another language) keep a short request's coverage under the low end, whatever it asks. An
 * instruction with another verb ("Introduce me to the article on arxiv …" for `list_categories`) asks for another
 * doing and stays with the fused relevance. `ownTerms`: the stems of the action's own words, asked only for an
 * instruction with a verb.
 */
export function asksWhatItGives(ask: Ask, ownTerms: () => ReadonlySet<string>): boolean {
  return ask.question || ask.verb === undefined || ownTerms().has(ask.verb);
}
