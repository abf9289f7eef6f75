import { StringBuilder } from './string-builder.js';

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

// The longest run of characters a JSON string may hold as they are (no quote, backslash or control
// character). A sticky regular expression scans natively: several times faster than a charCodeAt loop.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding raw control characters is the point (JSON forbids them in strings)
const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y;

/** The index of the first character from `index` on that ends a plain run ('"', '\\', a control character), or the length. */
export function plainRunEnd(chunk: string, index: number): number {
  // The first characters one by one: short strings and keys (and 1-character deltas) end before the
  // regular expression's call would pay off.
  const length = chunk.length;
  const until = index + 16 < length ? index + 16 : length;
  for (; index < until; index++) {
    const code = chunk.charCodeAt(index);
    if (code === 0x22 || code === 0x5c || code < 0x20) return index;
  }
  if (index === length) return index;
  PLAIN_RUN.lastIndex = index;
  PLAIN_RUN.test(chunk);
  return PLAIN_RUN.lastIndex;
}

const PLAIN = 0;
const ESCAPE = 1;
const UNICODE = 2;

/** Reports a syntax error at an index of the current chunk; never returns. */
export type FailAt = (reason: string, index: number, expected: string) => Error;

/**
 * Reads the inside of one JSON string (after its opening quote) from any number of chunks: plain runs are
 * sliced out whole, escapes may be split anywhere, `\u` surrogate pairs are joined before they are shown.
 */
export class JsonStringScanner {
  private readonly builder = new StringBuilder();
  private mode = PLAIN;
  private unicode = 0;
  private unicodeDigits = 0;
  /** The closing quote has been read. */
  closed = false;
  /** The visible text changed since the flag was last cleared. */
  changed = false;

  constructor(private readonly fail: FailAt) {}

  /** The decoded text so far (without a high surrogate still waiting for its pair). */
  get text(): string {
    return this.builder.text;
  }

  /** What the string needs next when the text ends inside it. */
  get expected(): string {
    return this.mode === PLAIN ? "'\"' to close the string" : 'the rest of the escape';
  }

  reset(): void {
    this.builder.reset();
    this.mode = PLAIN;
    this.closed = false;
  }

  /** Read from `index` to the closing quote or the end of the chunk; returns the index after what was read. */
  read(chunk: string, index: number): number {
    if (this.mode === ESCAPE) return this.readEscape(chunk, index);
    if (this.mode === UNICODE) return this.readUnicode(chunk, index);
    const length = chunk.length;
    const start = index;
    index = plainRunEnd(chunk, index);
    if (index < length) {
      const code = chunk.charCodeAt(index);
      if (code < 0x20)
        throw this.fail('a control character inside a string', index, "an escape such as '\\n'");
      this.add(chunk.slice(start, index));
      if (code === 0x22) {
        this.changed = this.builder.release() || this.changed;
        this.builder.finish();
        this.closed = true;
      } else this.mode = ESCAPE;
      return index + 1;
    }
    // The chunk ends inside the string; a trailing high surrogate waits for its pair.
    const last = chunk.charCodeAt(length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.add(chunk.slice(start, length - 1));
      this.changed = this.builder.hold(chunk[length - 1]!) || this.changed;
    } else this.add(start === 0 ? chunk : chunk.slice(start));
    return length;
  }

  private add(run: string): void {
    this.changed = this.builder.append(run) || this.changed;
  }

  private readEscape(chunk: string, index: number): number {
    const char = chunk[index]!;
    this.mode = PLAIN;
    if (char === 'u') {
      this.mode = UNICODE;
      this.unicode = 0;
      this.unicodeDigits = 0;
      return index + 1;
    }
    const decoded = ESCAPES[char];
    if (decoded === undefined)
      throw this.fail(`unknown escape '\\${char}'`, index, 'one of " \\ / b f n r t u after a backslash');
    this.add(decoded);
    return index + 1;
  }

  private readUnicode(chunk: string, index: number): number {
    const length = chunk.length;
    for (; index < length && this.unicodeDigits < 4; index++) {
      const digit = Number.parseInt(chunk[index]!, 16);
      if (Number.isNaN(digit))
        throw this.fail(`unexpected '${chunk[index]}' in a \\u escape`, index, 'a hexadecimal digit');
      this.unicode = this.unicode * 16 + digit;
      this.unicodeDigits++;
    }
    if (this.unicodeDigits === 4) {
      this.mode = PLAIN;
      const unit = String.fromCharCode(this.unicode);
      // A high surrogate is shown only with its pair (or once it is clear none follows).
      if (this.unicode >= 0xd800 && this.unicode <= 0xdbff)
        this.changed = this.builder.hold(unit) || this.changed;
      else this.add(unit);
    }
    return index;
  }
}
