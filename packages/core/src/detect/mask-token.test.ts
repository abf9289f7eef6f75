import { describe, expect, it } from 'vitest';
import { maskDeep, maskToken } from './mask-token.js';

describe('maskToken', () => {
  it('masks the token, its URL-encoded form, GitHub-format tokens and Authorization values', () => {
    const token = 'secret/with+chars';
    expect(maskToken(`a ${token} b ${encodeURIComponent(token)}`, token)).toBe('a *** b ***');
    expect(maskToken(`other ghp_${'a1'.repeat(18)} and github_pat_${'B_2'.repeat(10)}`, token)).toBe(
      'other *** and ***',
    );
    expect(maskToken('{"authorization":"token abcdef123"}', token)).toBe('{"authorization":"token ***"}');
    expect(maskToken('Authorization: Bearer xyz.abc.def\nnext', token)).toBe(
      'Authorization: Bearer ***\nnext',
    );
    expect(maskToken('authorization=basic dXNlcjpwYXNz;', token)).toBe('authorization=basic ***;');
    expect(maskToken('nothing to hide', token)).toBe('nothing to hide');
  });

  it('masks every string of a JSON value, keys included', () => {
    expect(maskDeep({ url: 'x?t=tok1', list: ['tok1'], [`k-tok1`]: 1, n: 2 }, 'tok1')).toEqual({
      url: 'x?t=***',
      list: ['***'],
      'k-***': 1,
      n: 2,
    });
  });
});
