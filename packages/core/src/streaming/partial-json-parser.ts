import {
  canEndNumber,
  integerEnd,
  isDigit,
  lastInteger,
  N_INT,
  N_MINUS,
  N_ZERO,
  nextNumberState,
  numberExpects,
} from './json-number.js';
import { JsonStringScanner, plainRunEnd } from './json-string-scanner.js';
import { predictedKey } from './object-shape.js';
import { PartialJsonError, type PartialJsonErrorCode } from './partial-json-error.js';
import type {
  JsonValue,
  PartialJsonOptions,
  PartialJsonParser,
  PartialJsonStatus,
} from './partial-json-types.js';
import { addChild, closeFrame, type Frame, openFrame, publish, setLastChild } from './snapshot-tree.js';

export type {
  JsonValue,
  PartialJsonOptions,
  PartialJsonParser,
  PartialJsonStatus,
} from './partial-json-types.js';

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

const TRUE = ['true', true] as const;
const FALSE = ['false', false] as const;
const NULL = ['null', null] as const;

/** The index of the quote closing a string that starts at `index`, if it closes in this chunk with no escape. */
function plainStringEnd(chunk: string, index: number): number {
  const end = plainRunEnd(chunk, index);
  return end < chunk.length && chunk.charCodeAt(end) === 0x22 ? end : -1;
}

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
  private readonly keys = new Map<string, string>();
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
    for (;;) {
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
      switch (this.state) {
        case AFTER: {
          const isArray = this.stack[this.stack.length - 1]!.isArray;
          if (code === 0x2c) {
            this.state = isArray ? VALUE : KEY;
            break;
          }
          if (code === (isArray ? 0x5d : 0x7d)) return this.close(index);
          throw this.fail(
            'unexpected_character',
            `unexpected ${describe(chunk[index]!)} after ${isArray ? 'an array element' : 'an object member'}`,
            index,
            isArray ? "',' or ']'" : "',' or '}'",
          );
        }
        case COLON:
          if (code !== 0x3a) {
            throw this.fail(
              'unexpected_character',
              `unexpected ${describe(chunk[index]!)} after a key`,
              index,
              "':'",
            );
          }
          this.state = VALUE;
          break;
        case VALUE:
          return this.startValue(chunk, index, code, 'a value');
        case ARRAY_FIRST:
          if (code === 0x5d) return this.close(index);
          return this.startValue(chunk, index, code, "a value or ']'");
        case OBJECT_FIRST:
          if (code === 0x7d) return this.close(index);
          return this.startKey(chunk, index, code, "a key in double quotes or '}'");
        case KEY:
          return this.startKey(chunk, index, code, 'a key in double quotes');
        default: // DONE
          throw this.fail(
            'unexpected_character',
            `unexpected ${describe(chunk[index]!)} after the complete value`,
            index,
            'the end of the text',
          );
      }
      // After ',' or ':': go on in the same call.
      if (++index === length) return index;
    }
  }

  private startKey(chunk: string, index: number, code: number, expected: string): number {
    if (code !== 0x22) {
      throw this.fail(
        'unexpected_character',
        `unexpected ${describe(chunk[index]!)} where a key must start`,
        index,
        expected,
      );
    }
    const top = this.stack[this.stack.length - 1]!;
    // Objects of one shape repeat their keys in order: try the key that came next last time first.
    const predicted = predictedKey(top.shape);
    if (predicted !== undefined) {
      const end = index + 1 + predicted.length;
      if (chunk.charCodeAt(end) === 0x22 && chunk.startsWith(predicted, index + 1)) {
        top.key = predicted;
        this.state = COLON;
        return end + 1;
      }
    }
    const close = plainStringEnd(chunk, index + 1);
    if (close >= 0) {
      // The whole key is in this chunk, without escapes: slice it once.
      top.key = this.intern(chunk.slice(index + 1, close));
      this.state = COLON;
      return close + 1;
    }
    this.openString(true);
    return index + 1;
  }

  private startValue(chunk: string, index: number, code: number, expected: string): number {
    this.started = true;
    if (code === 0x22) {
      const close = plainStringEnd(chunk, index + 1);
      if (close >= 0) {
        // The whole string is in this chunk, without escapes: slice it once.
        this.addValue(chunk.slice(index + 1, close));
        this.afterValue();
        return close + 1;
      }
      this.openString(false);
      this.addValue('');
      return index + 1;
    }
    if (code === 0x7b || code === 0x5b) {
      if (this.stack.length >= this.maxDepth) {
        throw this.fail(
          'too_deep',
          `objects and arrays nest deeper than the limit of ${this.maxDepth}`,
          index,
        );
      }
      const isArray = code === 0x5b;
      const frame = openFrame(isArray, this.stack[this.stack.length - 1]);
      this.addValue(frame.published as JsonValue);
      this.stack.push(frame);
      this.state = isArray ? ARRAY_FIRST : OBJECT_FIRST;
      return index + 1;
    }
    if (code === 0x2d || isDigit(code)) {
      const end = integerEnd(chunk, index);
      if (end > 0) {
        // A whole integer in this chunk, certain because the character after it cannot continue it.
        const { value } = lastInteger;
        this.addValue(Number.isNaN(value) ? Number(chunk.slice(index, end)) : value);
        this.afterValue();
        return end;
      }
      this.state = NUMBER;
      this.numberState = code === 0x2d ? N_MINUS : code === 0x30 ? N_ZERO : N_INT;
      this.numberText = '';
      this.numberStart = index;
      return this.readNumber(chunk, index + 1);
    }
    const literal = code === 0x74 ? TRUE : code === 0x66 ? FALSE : code === 0x6e ? NULL : undefined;
    if (literal) {
      this.state = LITERAL;
      [this.literal, this.literalValue] = literal;
      this.literalIndex = 1;
      return this.readLiteral(chunk, index + 1);
    }
    throw this.fail(
      'unexpected_character',
      `unexpected ${describe(chunk[index]!)} where a value must start`,
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

  /**
   * The one string object for a key seen before: records repeat their keys, and property writes with a
   * key the engine has already seen as a property name are much faster than with a fresh copy of it.
   */
  private intern(key: string): string {
    const known = this.keys.get(key);
    if (known !== undefined) return known;
    if (this.keys.size < 4096 && key.length <= 64) this.keys.set(key, key);
    return key;
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
      top!.key = this.intern(text);
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
