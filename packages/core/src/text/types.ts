/** How actions are written in text: a JSON object after the reasoning, or fenced ```` ```agent-action ```` blocks. */
export type ActionTextFormat = 'json' | 'fenced';

/** Offsets of a piece of the parsed text (end exclusive): `raw === text.slice(start, end)`. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** One action call read from text, ready for `registry.run({ name, args })`. */
export interface ParsedActionCall {
  /** The value of the `action` field (`shape_updateColor`, `done`). */
  readonly name: string;
  /** Every other field of the action object. */
  readonly args: Record<string, unknown>;
  /** True when the object was near-JSON that had to be repaired (or was cut off and completed). */
  readonly repaired: boolean;
  /** The object's text as the model wrote it. */
  readonly raw: string;
  readonly span: TextSpan;
}

/** Why a piece of text that looked like an action could not be used. */
export type ActionParseErrorCode =
  /** Nothing that looks like an action was found. */
  | 'no_action'
  /** An object (or fenced block) without an `action` field. */
  | 'missing_action'
  /** A fenced block that is a detector record (`type`, `content`) rather than an action call. */
  | 'not_an_action'
  /** `action` is present but is not a non-empty string. */
  | 'invalid_action_name'
  /** The text is not JSON, even after repair. */
  | 'invalid_json'
  /** A fenced block whose JSON is not an object. */
  | 'not_an_object'
  /** `json` format: an earlier action object, left out because only the final one is taken. */
  | 'ignored_action';

/** A typed problem found while parsing; parsing itself never throws. */
export interface ActionParseError {
  readonly code: ActionParseErrorCode;
  /** What is wrong, in words a model can act on. */
  readonly message: string;
  readonly raw?: string;
  readonly span?: TextSpan;
}

/** What `parseActions` returns: the calls to run and the problems found, plus the format that was read. */
export interface ParsedActions {
  readonly format: ActionTextFormat;
  readonly calls: ParsedActionCall[];
  readonly errors: ActionParseError[];
}
