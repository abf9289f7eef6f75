import { describe, expect, it } from 'vitest';
import { insertLink, isCodeBlock, setHeading, toCodeBlock } from './markdown-edits.js';

describe('setHeading', () => {
  it('makes the first line with text a heading by default', () => {
    expect(setHeading('\nPlan\n\nbody', 2)).toBe('\n## Plan\n\nbody');
  });

  it('replaces the heading marks a line already has', () => {
    expect(setHeading('### Plan\nbody', 1, 1)).toBe('# Plan\nbody');
  });

  it('refuses a line past the end or an empty line, saying which lines exist', () => {
    expect(() => setHeading('a\nb', 2, 5)).toThrow(
      'line 5 does not exist; the block has 2 line(s), so use 1 to 2',
    );
    expect(() => setHeading('a\n\nb', 2, 2)).toThrow('line 2 is empty');
    expect(() => setHeading('   ', 2)).toThrow('the block is empty');
  });
});

describe('insertLink', () => {
  it('links the first plain occurrence of the text', () => {
    expect(insertLink('Read the docs. The docs are good.', 'docs', 'https://x.dev')).toEqual({
      content: 'Read the [docs](https://x.dev). The docs are good.',
      placement: 'inline',
    });
  });

  it('skips an occurrence that is already a link label', () => {
    const once = insertLink('docs and docs', 'docs', 'https://a.dev').content;
    expect(insertLink(once, 'docs', 'https://b.dev').content).toBe(
      '[docs](https://a.dev) and [docs](https://b.dev)',
    );
  });

  it('appends the link as a paragraph when the text is absent, escaping brackets and parentheses', () => {
    expect(insertLink('Intro', 'see [1]', 'https://x.dev/a_(b)')).toEqual({
      content: 'Intro\n\n[see \\[1\\]](https://x.dev/a_%28b%29)',
      placement: 'appended',
    });
    expect(insertLink('', 'x', 'https://x.dev').content).toBe('[x](https://x.dev)');
  });
});

describe('toCodeBlock and isCodeBlock', () => {
  it('wraps content in a fence with the language', () => {
    const code = toCodeBlock('const a = 1;\n', 'ts');
    expect(code).toBe('```ts\nconst a = 1;\n```');
    expect(isCodeBlock(code)).toBe(true);
  });

  it('uses a fence longer than any backticks inside', () => {
    expect(toCodeBlock('a ```` b')).toBe('`````\na ```` b\n`````');
  });

  it('does not take prose with inline code for a code block', () => {
    expect(isCodeBlock('Use `npm start` to run')).toBe(false);
    expect(isCodeBlock('```\nonly an opening fence')).toBe(false);
  });
});
