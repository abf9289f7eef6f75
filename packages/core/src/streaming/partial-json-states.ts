import { plainRunEnd } from './json-string-scanner.js';
import type { PartialJsonStatus } from './partial-json-types.js';

// The partial JSON parser's tokenizer states. Small integers (a switch over them compiles to a jump table), each
// its own literal type, so a switch over `ParserState` ending in `unreachable(state)` fails to compile when a
// state is added and not handled.

/** A value must start here. */
export const VALUE = 0;
/** After '[': a value or ']'. */
export const ARRAY_FIRST = 1;
/** After '{': a key or '}'. */
export const OBJECT_FIRST = 2;
/** After ',' in an object: a key. */
export const KEY = 3;
/** After a key: ':'. */
export const COLON = 4;
/** After a value inside a container: ',' or the closing bracket. */
export const AFTER = 5;
/** Inside a string (a key or a value). */
export const STRING = 6;
/** Inside a number that may go on in the next chunk. */
export const NUMBER = 7;
/** Inside `true`, `false` or `null`. */
export const LITERAL = 8;
/** The root value is complete; only whitespace may follow. */
export const DONE = 9;
/** `end()` was called. */
export const ENDED = 10;
/** The text broke; the parser keeps its error. */
export const FAILED = 11;

/** The states between tokens, read by the parser's structure loop. */
export type StructureState =
  | typeof VALUE
  | typeof ARRAY_FIRST
  | typeof OBJECT_FIRST
  | typeof KEY
  | typeof COLON
  | typeof AFTER
  | typeof DONE;

/** Every state by name, for modules that copy them into local constants. */
export const STATES = {
  VALUE,
  ARRAY_FIRST,
  OBJECT_FIRST,
  KEY,
  COLON,
  AFTER,
  STRING,
  NUMBER,
  LITERAL,
  DONE,
  ENDED,
  FAILED,
} as const;

/** Every tokenizer state. */
export type ParserState =
  | StructureState
  | typeof STRING
  | typeof NUMBER
  | typeof LITERAL
  | typeof ENDED
  | typeof FAILED;

/** The end of a switch that handled every state: `state` is `never` there, or the switch does not compile. */
export function unreachable(state: never): never {
  throw new Error(`partial JSON parser: unknown state ${String(state)}`);
}

/** The index of the quote closing a string that starts at `index`, if it closes in this chunk with no escape. */
export function plainStringEnd(chunk: string, index: number): number {
  const end = plainRunEnd(chunk, index);
  return end < chunk.length && chunk.charCodeAt(end) === 0x22 ? end : -1;
}

/** A character as an error message names it. */
export function describeCharacter(char: string): string {
  return char === '' ? 'the end of the text' : `'${char}'`;
}

/** What a container in `AFTER` needs next. */
export function afterMemberExpects(isArray: boolean): string {
  return isArray ? "',' or ']'" : "',' or '}'";
}

/** The parser's status in a state (`started`: a value has begun). */
export function statusIn(state: ParserState, started: boolean): PartialJsonStatus {
  switch (state) {
    case FAILED:
      return 'failed';
    case ENDED:
      return 'ended';
    case DONE:
      return 'complete';
    case VALUE:
    case ARRAY_FIRST:
    case OBJECT_FIRST:
    case KEY:
    case COLON:
    case AFTER:
    case STRING:
    case NUMBER:
    case LITERAL:
      return started ? 'partial' : 'empty';
    default:
      return unreachable(state);
  }
}

/** What is open when the text ends: what the string needs, the literal being read, the innermost container. */
export interface OpenToken {
  readonly string: string;
  readonly literal: string;
  readonly inArray: boolean;
}

/** What the text needed next when it ended in `state`. */
export function expectedIn(state: ParserState, open: OpenToken): string {
  switch (state) {
    case STRING:
      return open.string;
    case NUMBER:
      return 'a digit';
    case LITERAL:
      return `'${open.literal}'`;
    case COLON:
      return "':'";
    case KEY:
      return 'a key in double quotes';
    case OBJECT_FIRST:
      return "a key in double quotes or '}'";
    case ARRAY_FIRST:
      return "a value or ']'";
    case AFTER:
      return afterMemberExpects(open.inArray);
    case VALUE:
      return 'a value';
    case DONE:
    case ENDED:
    case FAILED:
      return 'the end of the text';
    default:
      return unreachable(state);
  }
}
