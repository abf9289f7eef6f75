import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.js';

describe('createSseParser', () => {
  it('reads events split anywhere across chunks, with comments and multi-line data', () => {
    const parser = createSseParser();
    const text = ': keep-alive\n\nevent: call-end\ndata: {"a":1}\n\ndata: line one\ndata: line two\n\n';
    const events = [...text].flatMap((char) => parser.feed(char));
    expect(events).toEqual([
      { event: 'call-end', data: '{"a":1}' },
      { event: 'message', data: 'line one\nline two' },
    ]);
  });

  it('treats CRLF split between chunks as one line end', () => {
    const parser = createSseParser();
    expect(parser.feed('event: x\r')).toEqual([]);
    expect(parser.feed('\ndata: 1\r\n\r')).toEqual([{ event: 'x', data: '1' }]);
    expect(parser.feed('\ndata: 2\n\n')).toEqual([{ event: 'message', data: '2' }]);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.feed('data: partial')).toEqual([]);
    expect(parser.feed('\n\n')).toEqual([{ event: 'message', data: 'partial' }]);
  });
});
