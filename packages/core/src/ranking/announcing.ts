/**
 * An opening that asks for help without saying with what: "I need your help with some tasks.", "I need your
 * assistance in conducting research on a specific topic.", "I need assistance with a few language-related tasks."
 * (its object a vague "some", "a few", "several", "a specific" … of tasks, things, topics, questions or research).
 */
const ANNOUNCING =
  /^\s*I\s+(?:need|would like|want|'d like)\s+(?:your\s+|some\s+)?(?:assistance|help)\b.*\b(?:some|a few|several|multiple|various|a specific|certain|different)\s+(?:[\w-]+\s+)?(?:tasks?|things?|topics?|matters?|questions?|requests?|issues?|research|fields?|areas?)[.!]?\s*$/i;

/**
 * Whether a request's first sentence only announces the asks that follow: it names no action of its own, so when a
 * later sentence asks, it is context (its words, "research", "topic", would otherwise take places for themselves).
 * One that says with what ("I need your help with my research on popular music.") is an ask, or context to one.
 */
export function announcesAsks(sentence: string): boolean {
  return ANNOUNCING.test(sentence);
}
