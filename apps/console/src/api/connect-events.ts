import { createSseParser } from './sse-parser.js';

/** What the event stream connection reports about itself. */
export type EventStreamStatus = 'connecting' | 'open' | 'closed';

/** Options of `connectEvents`. */
export interface ConnectEventsOptions {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly onEvent: (type: string, data: unknown) => void;
  readonly onStatus?: (status: EventStreamStatus) => void;
  readonly fetch?: typeof fetch;
  /** First reconnect delay in ms (doubles up to 30 s). */
  readonly retryMs?: number;
}

/**
 * Follow a Server-Sent Events endpoint over `fetch` (so API keys can go in headers), reconnecting with backoff
 * after errors; returns the function that stops it. Events whose data is not JSON are skipped.
 */
export function connectEvents(options: ConnectEventsOptions): () => void {
  const controller = new AbortController();
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const firstDelay = options.retryMs ?? 1000;
  let delay = firstDelay;

  const loop = async () => {
    while (!controller.signal.aborted) {
      options.onStatus?.('connecting');
      try {
        const response = await doFetch(options.url, {
          headers: { accept: 'text/event-stream', ...options.headers },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
        options.onStatus?.('open');
        delay = firstDelay;
        const parser = createSseParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const message of parser.feed(value)) {
            let data: unknown;
            try {
              data = JSON.parse(message.data);
            } catch {
              continue;
            }
            options.onEvent(message.event, data);
          }
        }
      } catch {
        // Aborted, or the network failed: retry below unless stopped.
      }
      if (controller.signal.aborted) break;
      options.onStatus?.('closed');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  };
  void loop();
  return () => controller.abort();
}
