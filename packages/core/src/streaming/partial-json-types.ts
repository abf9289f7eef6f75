import type { PartialJsonError } from './partial-json-error.js';

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
   * literals only once certain; `undefined` before anything is visible. A read-only snapshot, never changed
   * by later writes and sharing structure with later snapshots: what did not change keeps its identity,
   * finished elements included; an open array wider than 64 elements, and the open container 5 levels
   * down when the open path goes deeper, are read-only views (Proxies; see docs/streaming.md). After an
   * error: the last good value.
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
