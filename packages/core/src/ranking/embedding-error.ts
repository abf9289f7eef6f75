import { AffordanceError } from '../errors/affordance-error.js';

/** Why an embedder failed: a remote one answered an HTTP error, or its answer is unusable. */
export type EmbeddingErrorCode = 'http_error' | 'invalid_answer';

/** An embedder failed or answered something unusable (wrong count, not numbers, HTTP error; `code` says which). */
export class EmbeddingError extends AffordanceError<EmbeddingErrorCode> {
  static override readonly errorName = 'EmbeddingError';
  constructor(
    message: string,
    /** HTTP status, when the embedder is a remote endpoint. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(status === undefined ? 'invalid_answer' : 'http_error', message, options);
  }
}
