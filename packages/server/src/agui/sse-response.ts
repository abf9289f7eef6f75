import type { AguiOutEvent as AGUIEvent } from './shared-state.js';

const HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

const encoder = new TextEncoder();

/** One Server-Sent Event frame carrying an AG-UI event (a timestamp is added). */
export function sseFrame(event: AGUIEvent): Uint8Array {
  return encoder.encode(`data: ${JSON.stringify({ ...event, timestamp: Date.now() })}\n\n`);
}

/** A whole SSE response of events known in advance. */
export function sseResponse(events: readonly AGUIEvent[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(sseFrame(event));
      controller.close();
    },
  });
  return new Response(body, { headers: HEADERS });
}

/**
 * A streamed SSE response: `produce` sends events until it settles (a rejection errors the stream); its `signal`
 * aborts when the client goes away (the stream is cancelled) or `abort` (the request's own signal) fires.
 */
export function sseStream(
  abort: AbortSignal,
  produce: (send: (event: AGUIEvent) => void, signal: AbortSignal) => Promise<void>,
): Response {
  const controller = new AbortController();
  const onAbort = () => controller.abort(abort.reason);
  abort.addEventListener('abort', onAbort, { once: true });
  if (abort.aborted) onAbort();
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      const send = (event: AGUIEvent) => {
        if (!closed) stream.enqueue(sseFrame(event));
      };
      produce(send, controller.signal).then(
        () => {
          abort.removeEventListener('abort', onAbort);
          if (!closed) {
            closed = true;
            stream.close();
          }
        },
        (error: unknown) => {
          abort.removeEventListener('abort', onAbort);
          if (!closed) {
            closed = true;
            stream.error(error);
          }
        },
      );
    },
    cancel(reason) {
      closed = true;
      controller.abort(reason ?? new Error('the client closed the event stream'));
    },
  });
  return new Response(body, { headers: HEADERS });
}
