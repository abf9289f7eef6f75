import { AffordanceError } from '../errors/affordance-error.js';

/** Why a partial JSON text cannot become a JSON value. */
export type PartialJsonErrorCode =
  /** A character that JSON does not allow where it stands. */
  | 'unexpected_character'
  /** The text ended before the value was complete. */
  | 'unexpected_end'
  /** Objects and arrays nest deeper than the parser's `maxDepth`. */
  | 'too_deep'
  /** The text is longer than the parser's `maxLength`. */
  | 'too_large'
  /** `write` was given something other than a string. */
  | 'invalid_chunk'
  /** `write` was called after `end`. */
  | 'write_after_end';

/** Where in the text something happened: `offset` counts UTF-16 code units from 0; `line` and `column` from 1. */
export interface TextPosition {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** The one error a partial JSON parser throws: a code, where the text broke and what was expected there. */
export class PartialJsonError extends AffordanceError<PartialJsonErrorCode> {
  static override readonly errorName = 'PartialJsonError';
  readonly offset: number;
  readonly line: number;
  readonly column: number;

  constructor(
    code: PartialJsonErrorCode,
    /** What happened, without the position (the message adds it). */
    readonly reason: string,
    position: TextPosition,
    /** What the parser expected at that point, e.g. `',' or '}'`. */
    readonly expected?: string,
  ) {
    super(
      code,
      `${reason}${expected ? `; expected ${expected}` : ''} at line ${position.line}, column ${position.column} (offset ${position.offset})`,
    );
    this.offset = position.offset;
    this.line = position.line;
    this.column = position.column;
  }
}
