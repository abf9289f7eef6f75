import { unreachable } from './partial-json-states.js';

// The states of a JSON number being read; ZERO, INT, FRAC and EXP_DIGITS may end the number.
const N_MINUS = 0;
const N_ZERO = 1;
const N_INT = 2;
const N_DOT = 3;
const N_FRAC = 4;
const N_EXP = 5;
const N_EXP_SIGN = 6;
const N_EXP_DIGITS = 7;

/** A state of a number being read; a switch over it ending in a `never` check is exhaustive. */
export type NumberState =
  | typeof N_MINUS
  | typeof N_ZERO
  | typeof N_INT
  | typeof N_DOT
  | typeof N_FRAC
  | typeof N_EXP
  | typeof N_EXP_SIGN
  | typeof N_EXP_DIGITS;

/** Whether a UTF-16 code unit is an ASCII digit. */
export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** The number state after the code unit, or -1 when the unit cannot continue the number. */
export function nextNumberState(state: NumberState, code: number): NumberState | -1 {
  const digit = isDigit(code);
  const exponent = code === 0x65 || code === 0x45; // e E
  switch (state) {
    case N_MINUS:
      return code === 0x30 ? N_ZERO : digit ? N_INT : -1;
    case N_ZERO:
      return code === 0x2e ? N_DOT : exponent ? N_EXP : -1;
    case N_INT:
      return digit ? N_INT : code === 0x2e ? N_DOT : exponent ? N_EXP : -1;
    case N_DOT:
      return digit ? N_FRAC : -1;
    case N_FRAC:
      return digit ? N_FRAC : exponent ? N_EXP : -1;
    case N_EXP:
      return digit ? N_EXP_DIGITS : code === 0x2b || code === 0x2d ? N_EXP_SIGN : -1;
    case N_EXP_SIGN:
    case N_EXP_DIGITS:
      return digit ? N_EXP_DIGITS : -1;
    default:
      return unreachable(state);
  }
}

/** Whether a number may end in this state. */
export function canEndNumber(state: NumberState): boolean {
  return state === N_ZERO || state === N_INT || state === N_FRAC || state === N_EXP_DIGITS;
}

/** What a number in this state needs next. */
export function numberExpects(state: NumberState): string {
  return state === N_EXP ? "a digit, '+' or '-'" : 'a digit';
}

/** The value of the integer `integerEnd` found last (exact: at most 15 digits; otherwise NaN). */
export const lastInteger = { value: 0 };

/**
 * The end of a plain integer (`-`?, then `0` or digits) starting at `index`, when the character after it is
 * in this chunk and ends it (not a digit, `.`, `e` or `E`); otherwise 0. Its value is left in `lastInteger`.
 */
export function integerEnd(chunk: string, index: number): number {
  const negative = chunk.charCodeAt(index) === 0x2d;
  let at = negative ? index + 1 : index;
  const first = at;
  let value = 0;
  let code = chunk.charCodeAt(at);
  if (code === 0x30) code = chunk.charCodeAt(++at);
  else
    while (code >= 0x30 && code <= 0x39) {
      value = value * 10 + (code - 0x30);
      code = chunk.charCodeAt(++at);
    }
  const digits = at - first;
  if (digits === 0 || at >= chunk.length) return 0;
  if (isDigit(code) || code === 0x2e || code === 0x65 || code === 0x45) return 0;
  lastInteger.value = digits > 15 ? Number.NaN : negative ? -value : value;
  return at;
}

/** A number being read across chunks: its text from earlier chunks, where it starts in this one, and its state. */
export class NumberReader {
  state: NumberState = N_INT;
  private text = '';
  private start = 0;

  /** A number starts at `index` with the character `code` (`-` or a digit). */
  begin(code: number, index: number): void {
    this.state = code === 0x2d ? N_MINUS : code === 0x30 ? N_ZERO : N_INT;
    this.text = '';
    this.start = index;
  }

  /** Read from `index`: the index of the first character that cannot continue the number, or -1 at the chunk's end. */
  read(chunk: string, index: number): number {
    const length = chunk.length;
    let state = this.state;
    for (; index < length; index++) {
      const next = nextNumberState(state, chunk.charCodeAt(index));
      if (next === -1) {
        this.state = state;
        return index;
      }
      state = next;
    }
    this.state = state;
    return -1;
  }

  /** The chunk ended inside the number: keep its part of the text. */
  carry(chunk: string): void {
    this.text += chunk.slice(this.start);
    this.start = 0;
  }

  /** The whole number's text, when it ends before `index` of `chunk` (`''` and 0 at the end of the text). */
  take(chunk: string, index: number): string {
    const text = this.text + chunk.slice(this.start, index);
    this.text = '';
    return text;
  }
}
