/** An embedder failed or answered something unusable (wrong count, not numbers, HTTP error). */
export class EmbeddingError extends Error {
  override readonly name = 'EmbeddingError';
  constructor(
    message: string,
    /** HTTP status, when the embedder is a remote endpoint. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
