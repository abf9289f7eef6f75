import { describe, expect, it } from 'vitest';
import { completeTruncated } from './complete-truncated.js';

describe('completeTruncated', () => {
  it('closes what a cut-off answer left open', () => {
    const cases: Array<[string, unknown]> = [
      ['{"a": "tex', { a: 'tex' }],
      ['{"a": [1, {"b": 2', { a: [1, { b: 2 }] }],
      ['{"a": 1,', { a: 1 }],
      ['{"a":', { a: null }],
      ['{"a": "x\\', { a: 'x\\' }],
      ['{"a": "}{" ', { a: '}{' }],
    ];
    for (const [text, value] of cases) expect(JSON.parse(completeTruncated(text))).toEqual(value);
  });

  it('leaves complete JSON as it was', () => {
    expect(completeTruncated('{"a": [1]}')).toBe('{"a": [1]}');
  });
});
