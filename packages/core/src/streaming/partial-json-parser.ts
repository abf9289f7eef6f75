import {
  canEndNumber,
  isDigit,
  N_INT,
  N_MINUS,
  N_ZERO,
  nextNumberState,
  numberExpects,
} from './json-number.js';
import { JsonStringScanner } from './json-string-scanner.js';
import { PartialJsonError, type PartialJsonErrorCode } from './partial-json-error.js';
import { addChild, closeFrame, type Frame, openFrame, publish, setLastChild } from './snapshot-tree.js';

/** A JSON value as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Limits of one parser. */
export interface PartialJsonOptions {
  /** Deepest nesting of objects and arrays (default 512). */
  readonly maxDepth?: number;
  /** Longest text accepted, in UTF-16 code units (default: no limit). */
  readonly maxLength?: number;
}

/** Where a parser stands: nothing but whitespace yet, inside a value, value complete, ended, or failed. */
export type PartialJsonStatus = 'empty' | 'partial' | 'complete' | 'ended' | 'failed';

/** An incremental JSON parser fed one chunk at a time. */
export interface PartialJsonParser {
  /** Feed the next piece of text; throws `PartialJsonError` as soon as the text cannot be JSON. */
  write(chunk: string): void;
  /**
   * The value so far: open strings, arrays and objects as far as they go, keys only once named, numbers and
   * literals only once certain; `undefined` before anything is visible. Never mutated by later writes;
   * unchanged subtrees keep their identity from one call to the next. After an error: the last good value.
   */
  value(): JsonValue | undefined;
  /** Finish: the complete value, or a `PartialJsonError` saying where the text broke off. */
  end(): JsonValue;
  readonly status: PartialJsonStatus;
  /** Code units consumed so far. */
  readonly offset: number;
  /** The error that stopped the parser, if one did; every later `write`/`end` throws it again. */
  readonly error: PartialJsonError | undefined;
}

/** Create a streaming JSON parser whose cost is linear in the text, whatever the chunk sizes. */
export function createPartialJsonParser(options: PartialJsonOptions = {}): PartialJsonParser {
  return new Parser(options.maxDepth ?? 512, options.maxLength ?? Number.POSITIVE_INFINITY);
}

// Tokenizer states.
const VALUE = 0; // a value must start here
const ARRAY_FIRST = 1; // after '[': a value or ']'
const OBJECT_FIRST = 2; // after '{': a key or '}'
const KEY = 3; // after ',' in an object
const COLON = 4;
const AFTER = 5; // after a value inside a container: ',' or the closing bracket
const STRING = 6;
const NUMBER = 7;
const LITERAL = 8;
const DONE = 9;
const ENDED = 10;
const FAILED = 11;

const LITERALS: Record<string, readonly [string, JsonValue]> = {
  t: ['true', true],
  f: ['false', false],
  n: ['null', null],
};

function describe(char: string): string {
  return char === '' ? 'the end of the text' : `'${char}'`;
}

class Parser implements PartialJsonParser {
  private state = VALUE;
  private readonly stack: Frame[] = [];
  private root: JsonValue | undefined;
  private started = false;
  // Visible changes since the last value(): a value() without any returns the same snapshot.
  private version = 0;
  private publishedVersion = 0;
  private published: JsonValue | undefined;
  private readonly string = new JsonStringScanner((reason, index, expected) =>
    this.fail('unexpected_character', reason, index, expected),
  );
  private inKey = false;
  private numberText = '';
  private numberStart = 0;
  private numberState = N_INT;
  private literal = '';
  private literalValue: JsonValue = null;
  private literalIndex = 0;
  // Position of the chunk being read, and of the current line.
  private base = 0;
  private line = 1;
  private lineStart = 0;
  error: PartialJsonError | undefined;

  constructor(
    private readonly maxDepth: number,
    private readonly maxLength: number,
  ) {}

  get offset(): number {
    return this.base;
  }

  get status(): PartialJsonStatus {
    if (this.state === FAILED) return 'failed';
    if (this.state === ENDED) return 'ended';
    if (this.state === DONE) return 'complete';
    return this.started ? 'partial' : 'empty';
  }

  write(chunk: string): void {
    if (this.error) throw this.error;
    if (typeof chunk !== 'string')
      throw this.fail('invalid_chunk', `write() takes a string, not ${typeof chunk}`, 0);
    if (this.state === ENDED) throw this.fail('write_after_end', 'write() after end()', 0);
    if (this.base + chunk.length > this.maxLength) {
      throw this.fail(
        'too_large',
        `the text is longer than the limit of ${this.maxLength} characters`,
        this.maxLength - this.base,
      );
    }
    let index = 0;
    if (this.base === 0 && chunk.charCodeAt(0) === 0xfeff) index = 1; // a byte order mark
    const length = chunk.length;
    while (index < length) index = this.step(chunk, index);
    if (this.state === NUMBER) {
      this.numberText += chunk.slice(this.numberStart);
      this.numberStart = 0;
    }
    this.base += length;
  }

  value(): JsonValue | undefined {
    if (this.version === this.publishedVersion) return this.published;
    const { stack } = this;
    if (this.state === STRING && !this.inKey) {
      if (stack.length === 0) this.root = this.string.text;
      else setLastChild(stack[stack.length - 1]!, this.string.text);
    }
    this.published = stack.length > 0 ? (publish(stack) as JsonValue) : this.root;
    this.publishedVersion = this.version;
    return this.published;
  }

  end(): JsonValue {
    if (this.error) throw this.error;
    if (this.state === ENDED) return this.root as JsonValue;
    if (this.state === NUMBER) this.finishNumber('', 0, true);
    if (this.state !== DONE)
      throw this.fail('unexpected_end', 'the text ended too early', 0, this.expected());
    this.state = ENDED;
    return this.root as JsonValue;
  }

  /** Read from `index`; returns the index of the first character not yet read. */
  private step(chunk: string, index: number): number {
    switch (this.state) {
      case STRING:
        return this.readString(chunk, index);
      case NUMBER:
        return this.readNumber(chunk, index);
      case LITERAL:
        return this.readLiteral(chunk, index);
      case FAILED:
      case ENDED:
        throw this.error ?? this.fail('write_after_end', 'write() after end()', index);
      default:
        return this.readStructure(chunk, index);
    }
  }

  private readStructure(chunk: string, index: number): number {
    const length = chunk.length;
    let code = chunk.charCodeAt(index);
    // Whitespace, counting lines for error positions.
    while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
      if (code === 0x0a) {
        this.line++;
        this.lineStart = this.base + index + 1;
      }
      if (++index === length) return index;
      code = chunk.charCodeAt(index);
    }
    const char = chunk[index]!;
    const top = this.stack[this.stack.length - 1];
    switch (this.state) {
      case ARRAY_FIRST:
        if (char === ']') return this.close(index);
        return this.startValue(chunk, index, "a value or ']'");
      case VALUE:
        return this.startValue(chunk, index, 'a value');
      case OBJECT_FIRST:
        if (char === '}') return this.close(index);
        return this.startKey(char, index, "a key in double quotes or '}'");
      case KEY:
        return this.startKey(char, index, 'a key in double quotes');
      case COLON:
        if (char !== ':')
          throw this.fail('unexpected_character', `unexpected ${describe(char)} after a key`, index, "':'");
        this.state = VALUE;
        return index + 1;
      case AFTER: {
        const isArray = top!.isArray;
        if (char === ',') {
          this.state = isArray ? VALUE : KEY;
          return index + 1;
        }
        if (char === (isArray ? ']' : '}')) return this.close(index);
        const expected = isArray ? "',' or ']'" : "',' or '}'";
        throw this.fail(
          'unexpected_character',
          `unexpected ${describe(char)} after ${isArray ? 'an array element' : 'an object member'}`,
          index,
          expected,
        );
      }
      default: // DONE
        throw this.fail(
          'unexpected_character',
          `unexpected ${describe(char)} after the complete value`,
          index,
          'the end of the text',
        );
    }
  }

  private startKey(char: string, index: number, expected: string): number {
    if (char !== '"')
      throw this.fail(
        'unexpected_character',
        `unexpected ${describe(char)} where a key must start`,
        index,
        expected,
      );
    this.openString(true);
    return index + 1;
  }

  private startValue(chunk: string, index: number, expected: string): number {
    const char = chunk[index]!;
    const code = chunk.charCodeAt(index);
    this.started = true;
    if (char === '"') {
      this.openString(false);
      this.addValue('');
      return index + 1;
    }
    if (char === '{' || char === '[') {
      if (this.stack.length >= this.maxDepth) {
        throw this.fail(
          'too_deep',
          `objects and arrays nest deeper than the limit of ${this.maxDepth}`,
          index,
        );
      }
      const frame = openFrame(char === '[');
      this.addValue(frame.draft as JsonValue);
      this.stack.push(frame);
      this.state = char === '[' ? ARRAY_FIRST : OBJECT_FIRST;
      return index + 1;
    }
    if (char === '-' || isDigit(code)) {
      this.state = NUMBER;
      this.numberState = char === '-' ? N_MINUS : char === '0' ? N_ZERO : N_INT;
      this.numberText = '';
      this.numberStart = index;
      return index + 1;
    }
    const literal = LITERALS[char];
    if (literal) {
      this.state = LITERAL;
      [this.literal, this.literalValue] = literal;
      this.literalIndex = 1;
      return index + 1;
    }
    throw this.fail(
      'unexpected_character',
      `unexpected ${describe(char)} where a value must start`,
      index,
      expected,
    );
  }

  /** A new visible child of the top container (or the root value). */
  private addValue(value: JsonValue): void {
    const top = this.stack[this.stack.length - 1];
    if (top) addChild(top, value);
    else this.root = value;
    this.version++;
  }

  /** A scalar value is complete: go on after it. */
  private afterValue(): void {
    this.state = this.stack.length === 0 ? DONE : AFTER;
  }

  private close(index: number): number {
    const closed = closeFrame(this.stack);
    if (this.stack.length === 0) this.root = closed as JsonValue;
    this.afterValue();
    return index + 1;
  }

  private openString(inKey: boolean): void {
    this.state = STRING;
    this.inKey = inKey;
    this.string.reset();
  }

  private readString(chunk: string, index: number): number {
    const next = this.string.read(chunk, index);
    // Keys are never shown before they are complete.
    if (this.string.changed && !this.inKey) this.version++;
    this.string.changed = false;
    if (this.string.closed) this.closeString();
    return next;
  }

  private closeString(): void {
    const { text } = this.string;
    const top = this.stack[this.stack.length - 1];
    if (this.inKey) {
      top!.key = text;
      this.state = COLON;
      return;
    }
    if (top) setLastChild(top, text);
    else this.root = text;
    this.afterValue();
  }

  private readNumber(chunk: string, index: number): number {
    const length = chunk.length;
    let state = this.numberState;
    for (; index < length; index++) {
      const next = nextNumberState(state, chunk.charCodeAt(index));
      if (next === -1) {
        this.numberState = state;
        this.finishNumber(chunk.slice(this.numberStart, index), index, false);
        return index;
      }
      state = next;
    }
    this.numberState = state;
    return length;
  }

  /** The character at `index` (or the end of the text) cannot continue the number: it ends here, if it may. */
  private finishNumber(tail: string, index: number, atEnd: boolean): void {
    if (!canEndNumber(this.numberState)) {
      const code = atEnd ? 'unexpected_end' : 'unexpected_character';
      throw this.fail(code, 'an incomplete number', index, numberExpects(this.numberState));
    }
    this.addValue(Number(this.numberText + tail));
    this.numberText = '';
    this.afterValue();
  }

  private readLiteral(chunk: string, index: number): number {
    const { literal } = this;
    const length = chunk.length;
    for (; index < length && this.literalIndex < literal.length; index++, this.literalIndex++) {
      if (chunk[index] !== literal[this.literalIndex]) {
        throw this.fail(
          'unexpected_character',
          `unexpected ${describe(chunk[index]!)} in '${literal}'`,
          index,
          `'${literal[this.literalIndex]}'`,
        );
      }
    }
    if (this.literalIndex === literal.length) {
      this.addValue(this.literalValue);
      this.afterValue();
    }
    return index;
  }

  /** What the text needed next when it ended. */
  private expected(): string {
    switch (this.state) {
      case STRING:
        return this.string.expected;
      case NUMBER:
        return 'a digit';
      case LITERAL:
        return `'${this.literal}'`;
      case COLON:
        return "':'";
      case KEY:
        return 'a key in double quotes';
      case OBJECT_FIRST:
        return "a key in double quotes or '}'";
      case ARRAY_FIRST:
        return "a value or ']'";
      case AFTER:
        return this.stack[this.stack.length - 1]!.isArray ? "',' or ']'" : "',' or '}'";
      default:
        return 'a value';
    }
  }

  private fail(
    code: PartialJsonErrorCode,
    reason: string,
    index: number,
    expected?: string,
  ): PartialJsonError {
    const offset = this.base + index;
    this.error = new PartialJsonError(
      code,
      reason,
      { offset, line: this.line, column: offset - this.lineStart + 1 },
      expected,
    );
    this.state = FAILED;
    return this.error;
  }
}
