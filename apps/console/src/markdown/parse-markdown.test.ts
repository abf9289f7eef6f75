import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './parse-markdown.js';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs (joined lines), lists, quotes, rules and fenced code', () => {
    const source =
      '## Legal notice\n\nThis text was\napproved.\n\n- one\n- two\n\n1. first\n2) second\n\n> quoted\n\n---\n\n```ts\nconst a = 1;\n```';
    expect(parseMarkdown(source)).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Legal notice' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'This text was approved.' }] },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]],
      },
      { type: 'quote', children: [{ type: 'text', text: 'quoted' }] },
      { type: 'rule' },
      { type: 'code', language: 'ts', text: 'const a = 1;' },
    ]);
  });

  it('keeps an unclosed fence as code to the end, and HTML as plain text', () => {
    expect(parseMarkdown('```\n<b>x</b>')).toEqual([{ type: 'code', language: '', text: '<b>x</b>' }]);
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });

  it('reads CRLF text and gives nothing for empty text', () => {
    expect(parseMarkdown('# A\r\n\r\nb')).toHaveLength(2);
    expect(parseMarkdown('')).toEqual([]);
  });
});

describe('parseInline', () => {
  it('reads code, strong, emphasis and links, nested', () => {
    expect(parseInline('a `x*y*` **b _c_** [site](https://example.com/a?b=1)')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'code', text: 'x*y*' },
      { type: 'text', text: ' ' },
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'b ' },
          { type: 'em', children: [{ type: 'text', text: 'c' }] },
        ],
      },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://example.com/a?b=1', children: [{ type: 'text', text: 'site' }] },
    ]);
  });

  it('leaves links with unsafe schemes as text', () => {
    expect(parseInline('[x](javascript:alert(1))')).toEqual([
      { type: 'text', text: '[x](javascript:alert(1))' },
    ]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ type: 'text', text: '[x](data:text/html,hi)' }]);
  });
});

describe('safeHref', () => {
  it('allows http(s) and mailto only', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeHref('/relative')).toBeUndefined();
  });
});
