// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view.js';

afterEach(cleanup);

describe('MarkdownView', () => {
  it('renders markdown as elements and never turns text into markup', () => {
    const { container } = render(
      <MarkdownView
        source={
          '# Title <img src=x onerror=alert(1)>\n\n**bold** [go](https://example.com) [bad](javascript:x)'
        }
      />,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Title <img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com');
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(container.textContent).toContain('[bad](javascript:x)');
  });
});
