/** A regular expression's source and flags rewritten as one JSON Schema `pattern`, and the flags it could not keep. */
export interface FlaglessPattern {
  readonly pattern: string;
  /** Flags whose meaning the pattern does not carry (empty when it matches exactly what the regex matched). */
  readonly lost: readonly string[];
}

const LINE_TERMINATORS = '\\n\\r\\u2028\\u2029';
// With `u` and `i`, `k` also matches the Kelvin sign and `s` the long s (Unicode simple case folding).
const UNICODE_FOLDS: Readonly<Record<string, readonly number[]>> = { k: [0x212a], s: [0x17f] };
const CLASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S']);

/**
 * Rewrite a regular expression as a flagless JSON Schema `pattern` that matches the same strings, because JSON
 * Schema has no flags (zod and arktype drop them, so `/^#[0-9a-f]{6}$/i` would tell the model "lower case only"):
 * `i` spells out both cases of ASCII letters (`[0-9a-fA-F]`, `[xX]`), `s` turns `.` into `[\s\S]`, `m` turns `^` and
 * `$` into line-boundary lookarounds, `y` anchors at the start; `g`, `d` and `u` change nothing a match test sees.
 * What cannot be spelled out exactly (`i` with non-ASCII letters, back-references or `\p{…}`; `v` with classes;
 * inline modifiers) is left as written and listed in `lost`.
 */
export function patternWithoutFlags(source: string, flags: string): FlaglessPattern {
  const rewrite: Rewrite = {
    caseless: flags.includes('i'),
    dotAll: flags.includes('s'),
    multiline: flags.includes('m'),
    unicode: flags.includes('u') || flags.includes('v'),
  };
  const meaningful = [...flags].filter((flag) => 'imsv'.includes(flag));
  let pattern = source;
  let lost: string[] = [];
  if (/\(\?[a-z-]+:/i.test(source) || (flags.includes('v') && source.includes('['))) {
    // Inline modifiers, or `v`'s class syntax: no exact rewrite, so the source stays as it is.
    lost = meaningful;
  } else if (rewrite.caseless || rewrite.dotAll || rewrite.multiline) {
    const written = rewritePattern(source, rewrite);
    if (written !== undefined) pattern = written;
    else {
      lost = ['i'];
      pattern = rewritePattern(source, { ...rewrite, caseless: false }) ?? source;
    }
  }
  if (flags.includes('y')) pattern = `^(?:${pattern})`;
  return { pattern, lost };
}

interface Rewrite {
  readonly caseless: boolean;
  readonly dotAll: boolean;
  readonly multiline: boolean;
  readonly unicode: boolean;
}

/** One pass over the source; undefined when `i` cannot be spelled out exactly. */
function rewritePattern(source: string, rewrite: Rewrite): string | undefined {
  let out = '';
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (char === '\\') {
      const sequence = readEscape(source, index);
      if (rewrite.caseless) {
        if (sequence.backReference || sequence.property) return undefined;
        if (rewrite.unicode && ['W', 'b', 'B'].includes(sequence.text.slice(1))) return undefined;
      }
      if (rewrite.caseless && sequence.text === '\\w' && rewrite.unicode) out += '[\\w\\u017F\\u212A]';
      else if (rewrite.caseless && sequence.codePoint !== undefined) {
        const variants = caseVariants(sequence.codePoint, rewrite.unicode);
        if (variants === undefined) return undefined;
        out += variants.length > 1 ? `[${variants.map(escapeCodePoint).join('')}]` : sequence.text;
      } else out += sequence.text;
      index += sequence.text.length;
    } else if (char === '[') {
      const end = classEnd(source, index);
      if (end === -1) return undefined;
      const body = source.slice(index + 1, end);
      const extra = rewrite.caseless ? classExtras(body, rewrite.unicode) : '';
      if (extra === undefined) return undefined;
      out += `[${body}${extra}]`;
      index = end + 1;
    } else if (char === '(' && source.startsWith('(?<', index) && !/^\(\?<[=!]/.test(source.slice(index))) {
      const close = source.indexOf('>', index);
      out += source.slice(index, close + 1); // a group's name is not text to match
      index = close + 1;
    } else if (char === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(index))) {
      const close = source.indexOf('}', index);
      out += source.slice(index, close + 1);
      index = close + 1;
    } else {
      const written = literal(char, rewrite, source, index);
      if (written === undefined) return undefined;
      out += written;
      index += char.length;
    }
  }
  return out;
}

function literal(char: string, rewrite: Rewrite, source: string, index: number): string | undefined {
  if (char === '.' && rewrite.dotAll) return '[\\s\\S]';
  if (char === '^' && rewrite.multiline) return `(?<![^${LINE_TERMINATORS}])`;
  if (char === '$' && rewrite.multiline) return `(?![^${LINE_TERMINATORS}])`;
  if (!rewrite.caseless || (char === '?' && source[index - 1] === '(')) return char;
  const variants = caseVariants(char.codePointAt(0)!, rewrite.unicode);
  if (variants === undefined) return undefined;
  return variants.length > 1 ? `[${variants.map(escapeCodePoint).join('')}]` : char;
}

/** Every code point `i` makes equal to this one; undefined for a cased letter outside ASCII. */
function caseVariants(codePoint: number, unicode: boolean): number[] | undefined {
  const char = String.fromCodePoint(codePoint);
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  if (lower === upper) return [codePoint];
  if (codePoint > 0x7f) return undefined;
  return [lower, upper, ...(unicode ? (UNICODE_FOLDS[lower] ?? []) : [])].map((value) =>
    typeof value === 'number' ? value : value.codePointAt(0)!,
  );
}

function escapeCodePoint(codePoint: number): string {
  if (codePoint > 0x7f) return `\\u${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  const char = String.fromCodePoint(codePoint);
  return /[\\\]^[-]/.test(char) ? `\\${char}` : char;
}

/** The code points a class body lacks for `i` to be spelled out, as class text; undefined when it cannot be. */
function classExtras(body: string, unicode: boolean): string | undefined {
  const members = new Set<number>();
  const extras = new Set<number>();
  let index = body.startsWith('^') ? 1 : 0;
  while (index < body.length) {
    const start = classAtom(body, index);
    if (start.unsupported) return undefined;
    index += start.text.length;
    let end = start;
    if (body[index] === '-' && index + 1 < body.length && start.codePoint !== undefined) {
      end = classAtom(body, index + 1);
      if (end.unsupported) return undefined;
      index += 1 + end.text.length;
    }
    if (start.text === '\\w' && unicode) for (const point of [0x17f, 0x212a]) extras.add(point);
    if (start.codePoint === undefined || end.codePoint === undefined) continue;
    for (let point = start.codePoint; point <= end.codePoint; point++) {
      members.add(point);
      if (point > 0x7f && end.codePoint - start.codePoint > 0xffff) return undefined;
      const variants = caseVariants(point, unicode);
      if (variants === undefined) return undefined;
      for (const variant of variants) extras.add(variant);
    }
  }
  const missing = [...extras].filter((point) => !members.has(point)).sort((a, b) => a - b);
  return ranges(missing)
    .map(([from, to]) =>
      from === to ? escapeCodePoint(from) : `${escapeCodePoint(from)}-${escapeCodePoint(to)}`,
    )
    .join('');
}

function ranges(points: readonly number[]): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (const point of points) {
    const last = result.at(-1);
    if (last && last[1] === point - 1) last[1] = point;
    else result.push([point, point]);
  }
  return result;
}

interface Atom {
  readonly text: string;
  readonly codePoint?: number;
  readonly unsupported?: boolean;
}

function classAtom(body: string, index: number): Atom {
  if (body[index] !== '\\') {
    const codePoint = body.codePointAt(index)!;
    return { text: String.fromCodePoint(codePoint), codePoint };
  }
  const sequence = readEscape(body, index);
  if (sequence.property) return { text: sequence.text, unsupported: true };
  if (sequence.text === '\\b') return { text: sequence.text, codePoint: 8 };
  if (CLASS_ESCAPES.has(sequence.text.slice(1))) return { text: sequence.text };
  return sequence.codePoint === undefined ? { text: sequence.text, unsupported: true } : sequence;
}

interface Escape {
  readonly text: string;
  /** The character it stands for, when it stands for one. */
  readonly codePoint?: number;
  readonly backReference?: boolean;
  readonly property?: boolean;
}

const CONTROL: Readonly<Record<string, number>> = { f: 12, n: 10, r: 13, t: 9, v: 11, 0: 0 };

function readEscape(source: string, index: number): Escape {
  const rest = source.slice(index);
  const hex = /^\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]+)\})/.exec(rest);
  if (hex) return { text: hex[0], codePoint: Number.parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16) };
  const property = /^\\[pP]\{[^}]*\}/.exec(rest);
  if (property) return { text: property[0], property: true };
  const reference = /^\\(?:[1-9]\d*|k<[^>]*>)/.exec(rest);
  if (reference) return { text: reference[0], backReference: true };
  const control = /^\\c[A-Za-z]/.exec(rest);
  if (control) return { text: control[0], codePoint: control[0].charCodeAt(2) % 32 };
  const next = rest.slice(1, 2);
  if (next === '') return { text: '\\' };
  if (next in CONTROL && !(next === '0' && /\d/.test(rest[2] ?? '')))
    return { text: `\\${next}`, codePoint: CONTROL[next]! };
  if (/[A-Za-z]/.test(next)) return { text: `\\${next}` }; // \d \w \s \b and friends
  return { text: `\\${next}`, codePoint: next.codePointAt(0)! };
}

/** The index of the `]` closing the class opened at `start`, or -1. */
function classEnd(source: string, start: number): number {
  for (let index = start + 1; index < source.length; index++) {
    if (source[index] === '\\') index++;
    else if (source[index] === ']') return index;
  }
  return -1;
}
