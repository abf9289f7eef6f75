import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { AffordanceError } from '../../errors/affordance-error.js';

/**
 * Why a Responses API call failed: the API answered an HTTP error (`status`: 429 rate limit, 500/503 overload …,
 * after the client's own retries), the response failed or the stream sent an `error` event (`failed`, with the API's
 * `apiCode` such as `rate_limit_exceeded` or `server_error`), the stream ended before `response.completed` or
 * `response.incomplete` (`cut_off`), an event was not JSON (`invalid_stream`), or the caller aborted.
 */
export type OpenAIResponsesErrorCode = 'http_error' | 'failed' | 'cut_off' | 'invalid_stream' | 'aborted';

/** A Responses API call failed; `code` says how. */
export class OpenAIResponsesError extends AffordanceError<OpenAIResponsesErrorCode> {
  static override readonly errorName = 'OpenAIResponsesError';
  /** HTTP status of an `http_error`. */
  readonly status?: number;
  /** The API's own error code (`rate_limit_exceeded`, `server_error`, `invalid_prompt` …), when it sent one. */
  readonly apiCode?: string;
  constructor(
    code: OpenAIResponsesErrorCode,
    message: string,
    options?: { readonly status?: number; readonly apiCode?: string; readonly cause?: unknown },
  ) {
    super(code, message, options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.status !== undefined) this.status = options.status;
    if (options?.apiCode !== undefined) this.apiCode = options.apiCode;
  }
}

/**
 * Turn what the `openai` client threw into an `OpenAIResponsesError` (an error of ours passes through). An aborted
 * signal wins: the client ends an aborted stream quietly, which would otherwise read as a cut-off one.
 */
export function toResponsesError(error: unknown, model: string, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted || error instanceof APIUserAbortError) {
    if (OpenAIResponsesError.isInstance(error) && error.code === 'aborted') return error;
    return new OpenAIResponsesError('aborted', `the call to ${model} was aborted`, { cause: error });
  }
  if (OpenAIResponsesError.isInstance(error)) return error;
  if (error instanceof APIError && typeof error.status === 'number') {
    const apiCode = typeof error.code === 'string' ? error.code : undefined;
    return new OpenAIResponsesError(
      'http_error',
      `${model} answered HTTP ${error.status}: ${error.message}`,
      {
        status: error.status,
        ...(apiCode ? { apiCode } : {}),
        cause: error,
      },
    );
  }
  if (error instanceof APIError && !(error instanceof APIConnectionError)) {
    // The client throws an SSE event carrying `error` as an `APIError` without a status.
    const apiCode = typeof error.code === 'string' ? error.code : undefined;
    return new OpenAIResponsesError('failed', `${model} failed: ${error.message}`, {
      ...(apiCode ? { apiCode } : {}),
      cause: error,
    });
  }
  if (error instanceof SyntaxError) {
    return new OpenAIResponsesError('invalid_stream', `${model} sent a stream event that is not JSON`, {
      cause: error,
    });
  }
  return error;
}

/** The error of a `response.failed` or `error` event. */
export function failedEventError(
  model: string,
  error: { readonly code?: unknown; readonly message?: unknown } | null | undefined,
): OpenAIResponsesError {
  const apiCode = typeof error?.code === 'string' ? error.code : undefined;
  const message = typeof error?.message === 'string' ? error.message : 'the response failed';
  return new OpenAIResponsesError('failed', `${model} failed${apiCode ? ` (${apiCode})` : ''}: ${message}`, {
    ...(apiCode ? { apiCode } : {}),
  });
}
