/** A balanced `{…}` region of a text (end exclusive); `truncated` when the text ended inside it. */
export interface ObjectSpan {
  readonly start: number;
  readonly end: number;
  readonly truncated: boolean;
}

const OPEN = 123; // {
const CLOSE = 125; // }
const DOUBLE = 34; // "
const SINGLE = 39; // '
const BACKSLASH = 92;
const NEWLINE = 10;

/**
 * Find the outermost brace-balanced regions of `text[from, to)` in one pass. Braces inside double-quoted strings,
 * and inside single-quoted strings that start where a key or value may start, do not count; a text that ends inside
 * a region gives a truncated span. Runs in time linear in the length scanned.
 */
export function scanObjects(
  text: string,
  from = 0,
  to = text.length,
  max = Number.POSITIVE_INFINITY,
): ObjectSpan[] {
  const spans: ObjectSpan[] = [];
  let depth = 0;
  let start = 0;
  let quote = 0;
  let escaped = false;
  // The last character outside strings that was not white space: a single quote opens a string only after { [ , :
  let previous = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (depth === 0) {
      if (code === OPEN) {
        depth = 1;
        start = index;
        previous = OPEN;
      }
      continue;
    }
    if (quote !== 0) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === quote || (quote === SINGLE && code === NEWLINE)) {
        quote = 0;
        previous = code;
      }
      continue;
    }
    if (
      code === DOUBLE ||
      (code === SINGLE && (previous === OPEN || previous === 91 || previous === 44 || previous === 58))
    ) {
      quote = code;
      continue;
    }
    if (code === OPEN) depth++;
    else if (code === CLOSE) {
      depth--;
      if (depth === 0) {
        spans.push({ start, end: index + 1, truncated: false });
        if (spans.length >= max) return spans;
      }
    }
    if (code > 32) previous = code;
  }
  if (depth > 0) spans.push({ start, end: to, truncated: true });
  return spans;
}

/** Whether the object starting at `start` names an `action` as its first key (`{"action": …`, `{'action': …`, `{action: …`). */
export function startsWithActionKey(text: string, start: number): boolean {
  let index = skipSpace(text, start + 1);
  const quote = text.charCodeAt(index);
  if (quote === DOUBLE || quote === SINGLE) index++;
  if (text.slice(index, index + 6) !== 'action') return false;
  index += 6;
  if (quote === DOUBLE || quote === SINGLE) {
    if (text.charCodeAt(index) !== quote) return false;
    index++;
  }
  return text.charCodeAt(skipSpace(text, index)) === 58;
}

function skipSpace(text: string, from: number): number {
  let index = from;
  // A bounded look-ahead keeps the anchor search linear.
  while (index < from + 40 && index < text.length && text.charCodeAt(index) <= 32) index++;
  return index;
}

/**
 * Where objects that start with an `action` key begin inside `text[from, to)`, at most the last `max` of them;
 * used to recover an action nested in, or following, something that is not one.
 */
export function actionAnchors(text: string, from: number, to: number, max: number): number[] {
  const anchors: number[] = [];
  let at = text.indexOf('{', from);
  while (at !== -1 && at < to) {
    if (startsWithActionKey(text, at)) {
      anchors.push(at);
      if (anchors.length > max) anchors.shift();
    }
    at = text.indexOf('{', at + 1);
  }
  return anchors;
}
