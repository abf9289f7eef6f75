import fc from 'fast-check';
import safeRegex from 'safe-regex2';
import { describe, expect, it } from 'vitest';
import { isSafePattern } from './safe-pattern.js';

const PIECES = [
  'a',
  'b',
  '.',
  '(',
  ')',
  '(?:',
  '(?=',
  '(?!',
  '(?<n>',
  '(?<=',
  '(?',
  '|',
  '*',
  '+',
  '?',
  '{2}',
  '{1,}',
  '{1,3}',
  '{x',
  '[',
  ']',
  '[^',
  'a-z',
  '\\',
  '\\]',
  '\\d',
  '\\b',
  '\\1',
  '\\u0028',
  '\\x2a',
  '\\\\u0028',
  '[\\b]',
  '^',
  '$',
];

describe('isSafePattern', () => {
  it('judges known patterns as safe-regex2 does', () => {
    const cases = [
      '^[a-z]+$',
      '(a+)+',
      '(a*)*b',
      '(a|aa)+',
      '^(\\d+)?$',
      'a*?',
      '(?<year>\\d{4})-(\\d{2})',
      '(?<=a)b',
      '^#[0-9a-fA-F]{6}$',
      '([a-z',
      '*a',
      'a'.repeat(30).split('').join('?'),
      '\\u0028a*\\u0029*',
      '[\\]]+',
    ];
    for (const pattern of cases) expect(isSafePattern(pattern), pattern).toBe(safeRegex(pattern));
  });

  it('agrees with safe-regex2 on random patterns (and with a small quantifier limit)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }),
        fc.integer({ min: 1, max: 30 }),
        (pieces, limit) => {
          const pattern = pieces.join('');
          expect(isSafePattern(pattern), pattern).toBe(safeRegex(pattern));
          expect(isSafePattern(pattern, limit), `${pattern} limit ${limit}`).toBe(
            safeRegex(pattern, { limit }),
          );
        },
      ),
      { numRuns: 8_000 },
    );
  });
});
