import { ActionFailure } from '@affordance/core';

const HEADING = /^\s{0,3}#{1,6}(\s+|$)/;
const FENCE = /^(`{3,}|~{3,})[^\n]*\n[\s\S]*\n\1\s*$/;

/** Whether the whole content is one fenced code block. */
export function isCodeBlock(content: string): boolean {
  return FENCE.test(content.trim());
}

/**
 * Make one line (1-based; default the first line with text) a heading of `level`, replacing any heading
 * marks it had. Throws `ActionFailure('invalid_args')` for a line that does not exist or is empty.
 */
export function setHeading(content: string, level: number, line?: number): string {
  const lines = content.split('\n');
  const index = line === undefined ? lines.findIndex((text) => text.trim() !== '') : line - 1;
  if (index < 0)
    throw new ActionFailure('invalid_args', 'the block is empty; add text with updateContent first');
  if (index >= lines.length) {
    throw new ActionFailure(
      'invalid_args',
      `line ${line} does not exist; the block has ${lines.length} line(s), so use 1 to ${lines.length}`,
      {
        issues: [
          {
            path: ['line'],
            keyword: 'maximum',
            message: `line must be at most ${lines.length}; you sent ${line}`,
          },
        ],
      },
    );
  }
  const text = lines[index]!.replace(HEADING, '').trim();
  if (text === '') {
    throw new ActionFailure('invalid_args', `line ${index + 1} is empty; pick a line with text`, {
      issues: [{ path: ['line'], message: `line ${index + 1} has no text` }],
    });
  }
  lines[index] = `${'#'.repeat(level)} ${text}`;
  return lines.join('\n');
}

/**
 * Link `text` to `url`: its first plain occurrence becomes `[text](url)`; when the content does not contain
 * it, the link is added as a new paragraph. Answers the new content and which of the two happened.
 */
export function insertLink(
  content: string,
  text: string,
  url: string,
): { content: string; placement: 'inline' | 'appended' } {
  const link = `[${text.replace(/([[\]\\])/g, '\\$1')}](${url.replace(/[()\s]/g, percentEncode)})`;
  const at = findUnlinked(content, text);
  if (at >= 0)
    return { content: content.slice(0, at) + link + content.slice(at + text.length), placement: 'inline' };
  const separator =
    content === '' ? '' : content.endsWith('\n\n') ? '' : content.endsWith('\n') ? '\n' : '\n\n';
  return { content: `${content}${separator}${link}`, placement: 'appended' };
}

// encodeURIComponent leaves ( and ) alone, and they would end the markdown link early.
function percentEncode(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

// The first occurrence of `text` that is not already the label of a link.
function findUnlinked(content: string, text: string): number {
  let from = 0;
  for (;;) {
    const at = content.indexOf(text, from);
    if (at < 0) return -1;
    const linked = content[at - 1] === '[' && content.startsWith('](', at + text.length);
    if (!linked) return at;
    from = at + text.length;
  }
}

/** Wrap the content in a fenced code block, with a fence longer than any backtick run inside it. */
export function toCodeBlock(content: string, language = ''): string {
  const longestRun = Math.max(2, ...[...content.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${language}\n${content.replace(/\n+$/, '')}\n${fence}`;
}
