import { describe, expect, it } from 'vitest';
import { isoOf, isTimestamp, toJsonText } from './json-text.js';

describe('toJsonText', () => {
  it('writes plain values as JSON.stringify does, and undefined as null', () => {
    const value = { a: [1, 'two', null], b: { c: true }, emoji: '😀' };
    expect(toJsonText(value)).toBe(JSON.stringify(value));
    expect(toJsonText(undefined)).toBeNull();
    expect(toJsonText(null)).toBe('null');
    expect(toJsonText(() => 1)).toBeNull();
  });

  it('replaces NUL and lone surrogates, in values and keys, with U+FFFD', () => {
    const text = toJsonText({ 'k\u0000ey': ['a\u0000b', 'x\ud800y', '\udc00', 'ok😀'] });
    expect(text).not.toBe(null);
    expect(JSON.parse(text!)).toEqual({ 'k\ufffdey': ['a\ufffdb', 'x\ufffdy', '\ufffd', 'ok😀'] });
    expect(text!.includes('\\u0000') || /\\ud[89ab]/i.test(text!)).toBe(false);
  });

  it('keeps a literal backslash-u text as it is', () => {
    const value = { path: 'C:\\udata\\u0000' };
    expect(JSON.parse(toJsonText(value)!)).toEqual(value);
  });

  it('cleans values reached through toJSON', () => {
    const value = { when: { toJSON: () => 'a\u0000' } };
    expect(JSON.parse(toJsonText(value)!)).toEqual({ when: 'a\ufffd' });
  });
});

describe('timestamps', () => {
  it('reads Dates and text into ISO text, and tells real times from others', () => {
    expect(isoOf(new Date(Date.UTC(2030, 0, 2)))).toBe('2030-01-02T00:00:00.000Z');
    expect(isoOf('2030-01-02T01:00:00+01:00')).toBe('2030-01-02T00:00:00.000Z');
    expect(isTimestamp('2030-01-02')).toBe(true);
    expect(isTimestamp('yesterday')).toBe(false);
    expect(isTimestamp(5)).toBe(false);
  });
});
