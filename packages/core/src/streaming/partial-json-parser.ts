import { LiteralReader } from './json-literal.js';
import {
  canEndNumber,
  integerEnd,
  isDigit,
  lastInteger,
  NumberReader,
  numberExpects,
} from './json-number.js';
import { JsonStringScanner } from './json-string-scanner.js';
import { KeyInterner } from './key-interner.js';
import { predictedKey } from './object-shape.js';
import { PartialJsonError, type PartialJsonErrorCode } from './partial-json-error.js';
import {
  afterMemberExpects,
  describeCharacter,
  expectedIn,
  type ParserState,
  plainStringEnd,
  STATES,
  type StructureState,
  statusIn,
  unreachable,
} from './partial-json-states.js';
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

// Local copies, so the hot switches compare against constants: reading the imported bindings there cost ~7%.
const { VALUE, ARRAY_FIRST, OBJECT_FIRST, KEY, COLON, AFTER, STRING, NUMBER, LITERAL, DONE, ENDED, FAILED } =
  STATES;

/** Create a streaming JSON parser whose cost is linear in the text, whatever the chunk sizes. */
export function createPartialJsonParser(options: PartialJsonOptions = {}): PartialJsonParser {
  return new Parser(options.maxDepth ?? 512, options.maxLength ?? Number.POSITIVE_INFINITY);
}

class Parser implements PartialJsonParser {
  private state: ParserState = VALUE;
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
  private readonly keys = new KeyInterner();
  private readonly number = new NumberReader();
  private readonly literal = new LiteralReader();
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
    return statusIn(this.state, this.started);
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
    if (this.state === NUMBER) this.number.carry(chunk);
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
    if (this.state === NUMBER) this.finishNumber(this.number.take('', 0), 0, true);
    if (this.state !== DONE)
      throw this.fail('unexpected_end', 'the text ended too early', 0, this.expected());
    this.state = ENDED;
    return this.root as JsonValue;
  }

  /** Read from `index`; returns the index of the first character not yet read. */
  private step(chunk: string, index: number): number {
    const { state } = this;
    switch (state) {
      case STRING:
        return this.readString(chunk, index);
      case NUMBER:
        return this.readNumber(chunk, index);
      case LITERAL:
        return this.readLiteral(chunk, index);
      case FAILED:
      case ENDED:
        throw this.error ?? this.fail('write_after_end', 'write() after end()', index);
      case VALUE:
      case ARRAY_FIRST:
      case OBJECT_FIRST:
      case KEY:
      case COLON:
      case AFTER:
      case DONE:
        return this.readStructure(chunk, index, state);
      default:
        return unreachable(state);
    }
  }

  /** Read between tokens, in `state` (the parser's own): whitespace, then punctuation or the start of a token. */
  private readStructure(chunk: string, index: number, state: StructureState): number {
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
      switch (state) {
        case AFTER: {
          const isArray = this.stack[this.stack.length - 1]!.isArray;
          if (code === 0x2c) {
            state = this.state = isArray ? VALUE : KEY;
            break;
          }
          if (code === (isArray ? 0x5d : 0x7d)) return this.close(index);
          const member = isArray ? 'an array element' : 'an object member';
          throw this.unexpected(chunk, index, `after ${member}`, afterMemberExpects(isArray));
        }
        case COLON:
          if (code !== 0x3a) throw this.unexpected(chunk, index, 'after a key', "':'");
          state = this.state = VALUE;
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
        case DONE:
          throw this.unexpected(chunk, index, 'after the complete value', 'the end of the text');
        default:
          return unreachable(state);
      }
      // After ',' or ':': go on in the same call.
      if (++index === length) return index;
    }
  }

  private startKey(chunk: string, index: number, code: number, expected: string): number {
    if (code !== 0x22) throw this.unexpected(chunk, index, 'where a key must start', expected);
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
      top.key = this.keys.intern(chunk.slice(index + 1, close));
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
      this.number.begin(code, index);
      return this.readNumber(chunk, index + 1);
    }
    if (this.literal.begin(code)) {
      this.state = LITERAL;
      return this.readLiteral(chunk, index + 1);
    }
    throw this.unexpected(chunk, index, 'where a value must start', expected);
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
      top!.key = this.keys.intern(text);
      this.state = COLON;
      return;
    }
    if (top) setLastChild(top, text);
    else this.root = text;
    this.afterValue();
  }

  private readNumber(chunk: string, index: number): number {
    const end = this.number.read(chunk, index);
    if (end === -1) return chunk.length;
    this.finishNumber(this.number.take(chunk, end), end, false);
    return end;
  }

  /** The character at `index` (or the end of the text) cannot continue the number: it ends here, if it may. */
  private finishNumber(text: string, index: number, atEnd: boolean): void {
    const { state } = this.number;
    if (!canEndNumber(state)) {
      const code = atEnd ? 'unexpected_end' : 'unexpected_character';
      throw this.fail(code, 'an incomplete number', index, numberExpects(state));
    }
    this.addValue(Number(text));
    this.afterValue();
  }

  private readLiteral(chunk: string, index: number): number {
    const { literal } = this;
    const end = literal.read(chunk, index);
    if (literal.broken) throw this.unexpected(chunk, end, `in '${literal.text}'`, literal.expects);
    if (literal.complete) {
      this.addValue(literal.value);
      this.afterValue();
    }
    return end;
  }

  /** What the text needed next when it ended. */
  private expected(): string {
    const open = {
      string: this.string.expected,
      literal: this.literal.text,
      inArray: this.stack[this.stack.length - 1]?.isArray === true,
    };
    return expectedIn(this.state, open);
  }

  /** The error for a character JSON does not allow at `index` (`where`: "after a key"). */
  private unexpected(chunk: string, index: number, where: string, expected: string): PartialJsonError {
    const found = describeCharacter(chunk[index] ?? '');
    return this.fail('unexpected_character', `unexpected ${found} ${where}`, index, expected);
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
