/** The wire formats the tool-call assembler reads. */
export type StreamFormat =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'gemini'
  | 'gemini-interactions'
  | 'bedrock'
  | 'cohere'
  | 'ag-ui';

/** Every stream format, in the order detection tries them. */
export const STREAM_FORMATS: readonly StreamFormat[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'gemini-interactions',
  'bedrock',
  'cohere',
  'ag-ui',
];

/** A JSON path segment: an object key or an array index. */
export type PathSegment = string | number;

/**
 * What a wire reader makes of one provider chunk, in the same shape for every format. `key` names a call
 * within one reader; `id` is the provider's call id when it has one.
 */
export type WireEvent =
  | {
      readonly kind: 'start';
      readonly key: string;
      readonly id: string | undefined;
      readonly name: string;
      readonly providerExecuted?: boolean;
      /** The format has no end event: the call's input ends when its JSON text is complete. */
      readonly endsWhenComplete?: boolean;
    }
  | { readonly kind: 'delta'; readonly key: string; readonly text: string }
  /** The whole input at once (formats that send parsed arguments instead of text). */
  | { readonly kind: 'input'; readonly key: string; readonly input: unknown }
  /** One value at a path inside the input (Gemini's `partialArgs`); strings may append to what is there. */
  | {
      readonly kind: 'path';
      readonly key: string;
      readonly path: readonly PathSegment[];
      readonly value: unknown;
      readonly append: boolean;
    }
  | { readonly kind: 'end'; readonly key: string }
  | {
      readonly kind: 'result';
      readonly id: string;
      readonly output: unknown;
      readonly isError: boolean;
      readonly providerExecuted?: boolean;
    }
  /** The message or run is over: calls whose input is still open end now. */
  | { readonly kind: 'finish'; readonly error?: string }
  | { readonly kind: 'text'; readonly text: string }
  /** A chunk about a call that could not be used (e.g. a malformed path). */
  | { readonly kind: 'invalid'; readonly key: string; readonly message: string };

/** Turns one format's chunks into wire events; keeps whatever state the format needs between chunks. */
export interface WireReader {
  read(chunk: Readonly<Record<string, unknown>>): WireEvent[];
}

/** Whether a value is a non-null, non-array object. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A number as given, or undefined: never coerces (an object's `toString` may be missing or hostile). */
export function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
