/**
 * Fail at once, without a request, when `signal` is already aborted: the provider clients listen for `abort` events
 * only, so a signal aborted before the call would go unheard.
 */
export function notAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('This operation was aborted', 'AbortError');
}
