// Characters no call-level field may hold: C0 and C1 controls (NUL included) and DEL, the line and paragraph
// separators, bidirectional overrides and isolates (they make an audit line read otherwise than it is written), and
// UTF-16 surrogates that are not half of a pair (no UTF-8 encoding exists for them).
const FORBIDDEN_SOURCE =
  '[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]' +
  '|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const FORBIDDEN = new RegExp(FORBIDDEN_SOURCE);
// The same characters with every surrogate, paired or not, and no look-around: a quick test that clean text passes.
const MAYBE_FORBIDDEN_SOURCE =
  '[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ud800-\\udfff]';
const MAYBE_FORBIDDEN = new RegExp(MAYBE_FORBIDDEN_SOURCE);
// What no text column can store (Postgres refuses NUL; a lone surrogate has no UTF-8 form), whatever the field.
const UNSTORABLE_SOURCE =
  '\\u0000|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE);
const MAYBE_UNSTORABLE_SOURCE = '[\\u0000\\ud800-\\udfff]';
const MAYBE_UNSTORABLE = new RegExp(MAYBE_UNSTORABLE_SOURCE);
const UNSTORABLE_ALL = new RegExp(UNSTORABLE_SOURCE, 'g');

/** Longest id a call may carry (`sessionId`, `idempotencyKey`, `toolCallId`, a user's `id` and `tenantId`). */
export const MAX_CALL_ID_LENGTH = 256;

/**
 * What is wrong with `text` as a call-level field of at most `maxLength` characters, in words that name the
 * character by its code point (never the text itself); undefined when nothing is.
 */
export function textProblem(text: string, maxLength: number): string | undefined {
  if (text.length === 0) return 'is empty';
  if (text.length > maxLength) return `is ${text.length} characters long; the most is ${maxLength}`;
  const found = MAYBE_FORBIDDEN.test(text) ? FORBIDDEN.exec(text) : null;
  if (!found) return undefined;
  const code = found[0].charCodeAt(0);
  return `contains ${kindOf(code)} (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at position ${found.index}`;
}

function kindOf(code: number): string {
  if (code >= 0xd800 && code <= 0xdfff) return 'a lone UTF-16 surrogate';
  if (code === 0x2028 || code === 0x2029) return 'a line or paragraph separator';
  if (code >= 0x202a) return 'a bidirectional control character';
  return 'a control character';
}

/**
 * Free text a store must accept (an error message, a name as sent): NUL and lone surrogates replaced by U+FFFD,
 * everything else kept; the same string when there is nothing to replace.
 */
export function storableText(text: string): string {
  return MAYBE_UNSTORABLE.test(text) && UNSTORABLE.test(text) ? text.replace(UNSTORABLE_ALL, '\ufffd') : text;
}
