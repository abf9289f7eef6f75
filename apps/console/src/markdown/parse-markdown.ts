/** Inline markdown: text, emphasis, code spans and links (with a checked, safe `href`). */
export type MarkdownInline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly MarkdownInline[] }
  | { readonly type: 'em'; readonly children: readonly MarkdownInline[] }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly MarkdownInline[] };

/** Block markdown: the subset the canvas blocks use. */
export type MarkdownBlock =
  | {
      readonly type: 'heading';
      readonly level: 1 | 2 | 3 | 4 | 5 | 6;
      readonly children: readonly MarkdownInline[];
    }
  | { readonly type: 'paragraph'; readonly children: readonly MarkdownInline[] }
  | { readonly type: 'code'; readonly language: string; readonly text: string }
  | {
      readonly type: 'list';
      readonly ordered: boolean;
      readonly items: ReadonlyArray<readonly MarkdownInline[]>;
    }
  | { readonly type: 'quote'; readonly children: readonly MarkdownInline[] }
  | { readonly type: 'rule' };

const FENCE = /^(`{3,}|~{3,})\s*([\w+#.-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s*>\s?(.*)$/;

/**
 * Parse markdown into blocks: ATX headings, paragraphs, fenced code, bullet and numbered lists, block quotes and
 * rules. The result is data (never HTML), so rendering it cannot inject markup; a fence left open runs to the end.
 */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const close = fence[1] ?? '```';
      const body: string[] = [];
      index++;
      while (index < lines.length && !(lines[index] ?? '').trim().startsWith(close))
        body.push(lines[index++] ?? '');
      blocks.push({ type: 'code', language: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '') });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ type: 'rule' });
      continue;
    }
    const list = BULLET.exec(line) ? BULLET : ORDERED.exec(line) ? ORDERED : undefined;
    if (list) {
      flush();
      const items: MarkdownInline[][] = [];
      while (index < lines.length && list.exec(lines[index] ?? '')) {
        items.push(parseInline(list.exec(lines[index] ?? '')?.[1] ?? ''));
        index++;
      }
      index--;
      blocks.push({ type: 'list', ordered: list === ORDERED, items });
      continue;
    }
    if (QUOTE.test(line)) {
      flush();
      const quoted: string[] = [];
      while (index < lines.length && QUOTE.test(lines[index] ?? ''))
        quoted.push(QUOTE.exec(lines[index++] ?? '')?.[1] ?? '');
      index--;
      blocks.push({ type: 'quote', children: parseInline(quoted.join(' ')) });
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Only web and mail links are followed; anything else (`javascript:`, `data:`) stays plain text. */
export function safeHref(url: string): string | undefined {
  const trimmed = url.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) && !/[\s<>"]/.test(trimmed) ? trimmed : undefined;
}

const INLINE =
  /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s](?:[^*]*[^*\s])?)\*|_([^_\s](?:[^_]*[^_\s])?)_|\[([^\]]+)\]\(([^)\s]+)\)/;

/** Parse inline markdown: `code`, **strong**, *em* / _em_ and [links](https://…). */
export function parseInline(text: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    if (!match) {
      pushText(out, rest);
      break;
    }
    if (match.index > 0) pushText(out, rest.slice(0, match.index));
    const [whole, code, strong, strong2, em, em2, label, url] = match;
    if (code !== undefined) out.push({ type: 'code', text: code });
    else if (strong !== undefined || strong2 !== undefined)
      out.push({ type: 'strong', children: parseInline(strong ?? strong2 ?? '') });
    else if (em !== undefined || em2 !== undefined)
      out.push({ type: 'em', children: parseInline(em ?? em2 ?? '') });
    else if (label !== undefined && url !== undefined) {
      const href = safeHref(url);
      if (href) out.push({ type: 'link', href, children: parseInline(label) });
      else pushText(out, whole);
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

function pushText(out: MarkdownInline[], text: string): void {
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + text };
  else out.push({ type: 'text', text });
}
