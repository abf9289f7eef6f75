import { ApiError } from '@google/genai';
import { AffordanceError } from '../../errors/affordance-error.js';

/**
 * Why a Gemini call failed: the API answered an HTTP error, it blocked the prompt, the stream ended before a
 * finish reason (`cut_off`), a stream chunk was not JSON (`invalid_stream`), or the caller aborted.
 */
export type GeminiErrorCode = 'http_error' | 'blocked' | 'cut_off' | 'invalid_stream' | 'aborted';

/** A Gemini call failed; `code` says how, `status` is the HTTP status of an `http_error`. */
export class GeminiError extends AffordanceError<GeminiErrorCode> {
  static override readonly errorName = 'GeminiError';
  /** HTTP status of an `http_error`. */
  readonly status?: number;
  constructor(
    code: GeminiErrorCode,
    message: string,
    options?: { readonly status?: number; readonly cause?: unknown },
  ) {
    super(code, message, options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.status !== undefined) this.status = options.status;
  }
}

/** Turn what the `@google/genai` client threw into a `GeminiError` (an error of ours passes through). */
export function toGeminiError(error: unknown, model: string, signal: AbortSignal | undefined): unknown {
  if (GeminiError.isInstance(error)) return error;
  if (signal?.aborted) {
    return new GeminiError('aborted', `the call to ${model} was aborted`, { cause: error });
  }
  if (error instanceof ApiError) {
    return new GeminiError('http_error', `${model} answered HTTP ${error.status}: ${apiMessage(error)}`, {
      status: error.status,
      cause: error,
    });
  }
  if (error instanceof SyntaxError) {
    return new GeminiError('invalid_stream', `${model} sent a stream chunk that is not JSON`, {
      cause: error,
    });
  }
  if (error instanceof Error && /incomplete json segment/i.test(error.message)) {
    return new GeminiError('cut_off', `the stream of ${model} was cut off in the middle of a chunk`, {
      cause: error,
    });
  }
  return error;
}

/** The API's own message out of the JSON body the client puts in `ApiError.message`. */
function apiMessage(error: ApiError): string {
  try {
    const body: unknown = JSON.parse(error.message);
    const inner = (body as { error?: { message?: unknown; status?: unknown } }).error;
    if (typeof inner?.message === 'string') {
      return typeof inner.status === 'string' ? `${inner.status}: ${inner.message}` : inner.message;
    }
  } catch {
    // Not JSON: the client wrapped a plain-text body.
  }
  return error.message;
}
