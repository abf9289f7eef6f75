import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { NUMBER_FORMATS, STRING_FORMATS } from './string-formats.js';

// Strings on both sides of each format's edge, and every string is tried against every format.
const TEXTS = [
  '',
  'x',
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-04-31',
  '12:30:00Z',
  '12:30:00',
  '12:30:00.5+02:00',
  '23:59:60Z',
  '23:59:60+01:00',
  '00:59:60+01:00',
  '24:00:00Z',
  '12:30:00+2400',
  '2024-01-01T12:30:00Z',
  '2024-01-01 12:30:00+01:00',
  '2024-01-01T12:30:00',
  '2024-01-01t12:30:00z',
  'P1Y2M3DT4H5M6S',
  'P',
  'PT',
  'P1W',
  'P1Y1W',
  'https://example.com/a?b=c#d',
  'http://10.0.0.1/',
  'http://223.255.255.254',
  'ftp://user:pass@host.example:21/x',
  'http://localhost',
  'http://example',
  'mailto:someone@example.com',
  'urn:isbn:0451450523',
  '//example.com/path',
  '/relative/path?x#y',
  'a b',
  'http://[::1]:80/',
  'https://exämple.de/',
  '{+path}/x{?query,page:3}',
  '{var.name}',
  "it's",
  'user@example.com',
  'first.last+tag@sub.example.co',
  '.user@example.com',
  'user..name@example.com',
  '"quoted"@example.com',
  'user@[127.0.0.1]',
  'user@localhost',
  'example.com',
  'example.com.',
  '-bad.example',
  `${'a'.repeat(64)}.com`,
  `${'a.'.repeat(127)}a`,
  '192.168.0.1',
  '256.1.1.1',
  '01.02.03.04',
  '::1',
  '2001:db8::8a2e:370:7334',
  '::ffff:192.0.2.1',
  '1::2::3',
  '^[a-z]+$',
  '(unclosed',
  '\\p{L}',
  'a\\Z',
  '[\\w-]',
  '123e4567-e89b-12d3-a456-426614174000',
  'urn:uuid:123e4567-e89b-12d3-a456-426614174000',
  '123e4567e89b12d3a456426614174000',
  '/a~1b/c~0d',
  '/a~2',
  '#/a/b%20c',
  '0/a',
  '1#',
  '01/a',
  'aGVsbG8=',
  'aGVsbG8',
  'aGVs\nbG8=',
  'secret words',
];

describe('the CSP-safe format table', () => {
  it('names every ajv-formats format and nothing else', () => {
    expect([...Object.keys(STRING_FORMATS), ...Object.keys(NUMBER_FORMATS)].sort()).toEqual(
      Object.keys(fullFormats).sort(),
    );
  });

  for (const [name, check] of Object.entries(STRING_FORMATS)) {
    it(`judges ${name} strings as ajv-formats does`, () => {
      const definition = (fullFormats as Record<string, unknown>)[name];
      const reference = referenceOf(definition);
      const wrong = TEXTS.filter((text) => check(text) !== reference(text));
      expect(wrong).toEqual([]);
    });
  }

  it('judges number formats as ajv-formats does', () => {
    const numbers = [0, 1.5, -(2 ** 31), 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, Number.MAX_VALUE];
    for (const [name, check] of Object.entries(NUMBER_FORMATS)) {
      const { validate } = (fullFormats as Record<string, { validate: (value: number) => boolean }>)[name]!;
      expect(numbers.map(check), name).toEqual(numbers.map(validate));
    }
  });
});

function referenceOf(definition: unknown): (text: string) => boolean {
  if (definition === true) return () => true;
  if (definition instanceof RegExp) return (text) => definition.test(text);
  if (typeof definition === 'function') return definition as (text: string) => boolean;
  const { validate } = definition as { validate: unknown };
  return referenceOf(validate);
}
