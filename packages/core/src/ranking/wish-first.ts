import type { Ask } from './short-request-floor.js';

/**
 * Whether a request is a wish that names a thing rather than a doing: not a question, and no verb of its own first
 * ("I need a list of the most popular date libraries on npm…", "I would like…", "Show me…", "Please…"; `askOf` gives
 * no verb; it reads "I'd like…" as the verb "id"). What it asks for is the thing it names, so it names no doing that
 * could be another than an action's.
 */
export function namesAThing(ask: Ask): boolean {
  return !ask.question && ask.verb === undefined;
}

/**
 * Whether the document the lexical pass puts first keeps its lexical relevance for a wish (`namesAThing`): the
 * request can fill every required parameter it has (`filled`, the share grounding finds, is 1). A wish names one thing (one that joins several asks is kept whole by `asksSeveral`),
 * so its best lexical match is what it names, and with every value it needs given, grounding has nothing to hold
 * against it; its soft coverage cannot judge it either, when its description is a paragraph the request says a few
 * words of. The matches after the first share some of the wish's words with it, not what it names (Basic Memory's
 * `write_note` for "Help me write a quick start tutorial … in markdown at /root/markdown/antd_tutorial.md"), and stay
 * with the fused relevance; so does a question, which the irrelevance rejection is for ("Who won the world series
 * game?" to `game_score.calculate`), and an instruction with a verb, which can ask for another doing than its best
 * match's ("Calculate the volume of the sphere…" to `calculate_park_area`).
 */
export function keepsAsBestMatch(wish: boolean, filled: number): boolean {
  return wish && filled >= 1;
}
