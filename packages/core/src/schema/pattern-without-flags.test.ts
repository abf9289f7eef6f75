import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patternWithoutFlags } from './pattern-without-flags.js';

// Characters that tell the rewrites apart: both cases, digits, the Unicode folds of k and s, line terminators.
const ALPHABET = [...'aAbBfFkKsSxXzZ09#-_. é', 'É', '\u212a', '\u017f', '\n', '\r', '\u2028'];
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 10 }).map((chars) => chars.join(''));

/** The flagless pattern matches exactly what the original regex matches (as a JSON Schema validator runs it). */
function expectSameMatches(regex: RegExp, samples: readonly string[] = []): void {
  const { pattern, lost } = patternWithoutFlags(regex.source, regex.flags);
  expect(lost).toEqual([]);
  const unicode = /[uv]/.test(regex.flags);
  const rewritten = new RegExp(pattern, unicode ? 'u' : '');
  const original = new RegExp(regex.source, regex.flags.replace('g', ''));
  for (const sample of samples)
    expect(rewritten.test(sample), `${pattern} on ${JSON.stringify(sample)}`).toBe(original.test(sample));
  fc.assert(
    fc.property(text, (sample) => rewritten.test(sample) === new RegExp(original).test(sample)),
    { numRuns: 300 },
  );
}

describe('patternWithoutFlags', () => {
  it('spells out i for ASCII letters (regression: /^#[0-9a-f]{6}$/i told the model lower case only)', () => {
    expect(patternWithoutFlags('^#[0-9a-f]{6}$', 'i')).toEqual({ pattern: '^#[0-9a-fA-F]{6}$', lost: [] });
    expect(patternWithoutFlags('ab1', 'i').pattern).toBe('[aA][bB]1');
    expectSameMatches(/^#[0-9a-f]{6}$/i, ['#FFAA00', '#ffaa00', '#GGAA00']);
    expectSameMatches(/^[^a-z]+$/i, ['09', 'aZ']);
    expectSameMatches(/^[\x41-\x46_]+\.x$/i, ['abf_.X']);
    expectSameMatches(/(?<key>ab)(?:x|z){1,2}/i, ['ABxZ']);
    expectSameMatches(/k+s/iu, ['\u212aS', 'Ks']);
    expectSameMatches(/^[\w.]+$/iu, ['\u017f\u212a', 'é']);
  });

  it('carries s, m and y', () => {
    expect(patternWithoutFlags('a.b', 's').pattern).toBe('a[\\s\\S]b');
    expectSameMatches(/a.b/s, ['a\nb']);
    expectSameMatches(/^x$/m, ['a\nx\nb', 'x', 'ax']);
    expectSameMatches(/x$|^a/im);
    expect(patternWithoutFlags('ab', 'y').pattern).toBe('^(?:ab)');
    expectSameMatches(/ab/y, ['xab', 'abx']);
    expectSameMatches(/ab/dg);
  });

  it('reports what it cannot spell out, and leaves the pattern as written', () => {
    for (const regex of [/\p{Lu}/iu, /é/i, /(a)\1/i, /(?<x>a)\k<x>/i, /[à-ÿ]/i]) {
      expect(patternWithoutFlags(regex.source, regex.flags)).toEqual({ pattern: regex.source, lost: ['i'] });
    }
    expect(patternWithoutFlags('é.', 'is')).toEqual({ pattern: 'é[\\s\\S]', lost: ['i'] });
    expect(patternWithoutFlags('[a&&b]', 'v').lost).toEqual(['v']);
    expect(patternWithoutFlags('(?i:a)b', 'm').lost).toEqual(['m']);
  });
});
