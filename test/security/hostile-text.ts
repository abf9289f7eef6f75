import fc from 'fast-check';

/** Text chosen to break things: NUL, lone surrogates, controls, bidi overrides, SQL, paths, prototype keys, sizes. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '\u202eevil',
  'line\nbreak',
  '\u001b[31mred',
  '\u2028',
  '__proto__',
  'constructor',
  'toString',
  "'; DROP TABLE agent_actions; --",
  '" OR 1=1 --',
  '$1',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\\u0000',
  'セッション🙂',
  '\u{1F600}'.repeat(130),
  'x'.repeat(256),
  'x'.repeat(257),
  'y'.repeat(300_000),
  'null',
  '{"__proto__":{"polluted":true}}',
];

/** Any UTF-16 code unit, lone surrogates included (fast-check's own units leave those out). */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Random and hostile text for every call-level field. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/) },
);

/** A value for the arguments: hostile text, or JSON with hostile keys and text. */
export const hostilePayload: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `encodeURIComponent` for any text: a lone surrogate (which has no UTF-8 form) is sent as U+FFFD. */
export function pathSegment(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
}
