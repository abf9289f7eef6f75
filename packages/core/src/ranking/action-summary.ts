import { SENTENCE_BREAK } from './request-parts.js';

/** Where a description's first sentence or first line ends. */
const FIRST_END = new RegExp(`\\n|${SENTENCE_BREAK.source}`, 'u');

/**
 * What an action's description says first: its first sentence (`SENTENCE_BREAK`, as `requestParts` splits a
 * request) or its first line, whichever ends first. A paragraph-long description, as MCP tools often have, goes on
 * with how to call the action (its arguments, formats, limits, examples), words no request says; the soft match
 * measures how much of what the action is about a request says, and that is the first sentence (docs/ranking-tuning.md,
 * "What the action is about").
 */
export function summaryOf(description: string): string {
  const text = description.trim();
  const end = text.search(FIRST_END);
  return end < 0 ? text : text.slice(0, end);
}
