/** A fenced code block found in text; offsets index the original text (end exclusive). */
export interface Fence {
  /** The first word of the info string, lower-cased (`agent-action`, `json`, or `` for a bare fence). */
  readonly info: string;
  /** Where the opening fence starts. */
  readonly start: number;
  /** Where the block ends: after the closing fence line, or the end of the text for an unclosed block. */
  readonly end: number;
  readonly bodyStart: number;
  readonly bodyEnd: number;
  /** False when the text ended before a closing fence (a cut-off answer). */
  readonly closed: boolean;
}

// Only the first characters of a line decide whether it is a fence, so no regex ever runs over a huge line.
const HEAD = 256;
const OPENING = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/;
const CLOSING = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * Find the fenced code blocks of a Markdown text in one pass over its lines (CommonMark: an opening fence of three or
 * more backticks or tildes, closed by a line of at least as many of the same character). When a model writes
 * ```` ```tag ```` in the middle of a line instead, a block with that `inlineTag` is also found, closed by the next
 * ```` ``` ````. An unclosed block runs to the end of the text.
 */
export function findFences(text: string, inlineTag?: string): Fence[] {
  const fences: Fence[] = [];
  let open: { marker: string; info: string; start: number; bodyStart: number } | undefined;
  let ticks = text.indexOf('```');
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const next = newline === -1 ? text.length : newline + 1;
    const line = fenceLike(text, lineStart, lineEnd) ? text.slice(lineStart, lineEnd).replace(/\r$/, '') : '';
    if (open) {
      const closing = line === '' ? null : CLOSING.exec(line);
      if (closing && closing[1]![0] === open.marker[0] && closing[1]!.length >= open.marker.length) {
        fences.push(fence(open.info, open.start, next, open.bodyStart, lineStart, true));
        open = undefined;
      }
      lineStart = next;
      continue;
    }
    const opening = line === '' ? null : OPENING.exec(line);
    if (opening) {
      open = { marker: opening[1]!, info: opening[2]!.toLowerCase(), start: lineStart, bodyStart: next };
      lineStart = next;
      continue;
    }
    if (inlineTag) {
      if (ticks !== -1 && ticks < lineStart) ticks = text.indexOf('```', lineStart);
      const inline =
        ticks !== -1 && ticks < lineEnd ? findInline(text, ticks, lineEnd, inlineTag) : undefined;
      if (inline) {
        fences.push(inline);
        const after = text.indexOf('\n', inline.end);
        lineStart = after === -1 ? text.length : after + 1;
        ticks = text.indexOf('```', inline.end);
        continue;
      }
    }
    lineStart = next;
  }
  if (open) fences.push(fence(open.info, open.start, text.length, open.bodyStart, text.length, false));
  return fences;
}

// Built field by field: object spread here was the slowest line of the whole scan.
function fence(
  info: string,
  start: number,
  end: number,
  bodyStart: number,
  bodyEnd: number,
  closed: boolean,
): Fence {
  return { info, start, end, bodyStart, bodyEnd, closed };
}

// Most lines are not fences: a character test decides that before any slicing or regex.
function fenceLike(text: string, lineStart: number, lineEnd: number): boolean {
  if (lineEnd - lineStart > HEAD) return false;
  let index = lineStart;
  while (index < lineStart + 3 && text.charCodeAt(index) === 32) index++;
  const code = text.charCodeAt(index);
  return code === 96 || code === 126;
}

function findInline(text: string, from: number, lineEnd: number, tag: string): Fence | undefined {
  const marker = `\`\`\`${tag}`.toLowerCase();
  let at = from;
  while (at !== -1 && at + marker.length <= lineEnd) {
    const after = text.charAt(at + marker.length);
    if (text.slice(at, at + marker.length).toLowerCase() === marker && !/[\w-]/.test(after)) {
      const bodyStart = at + marker.length;
      const close = text.indexOf('```', bodyStart);
      if (close === -1) return fence(tag, at, text.length, bodyStart, text.length, false);
      return fence(tag, at, close + 3, bodyStart, close, true);
    }
    at = text.indexOf('```', at + 3);
  }
  return undefined;
}
