/** One Server-Sent Event: its `event` name (default `message`) and its joined `data` lines. */
export interface SseMessage {
  readonly event: string;
  readonly data: string;
}

/**
 * An incremental Server-Sent Events parser: feed it text as it arrives (chunks may split lines anywhere) and it
 * returns the events completed so far. Comments (`: …`) are skipped; CRLF, CR and LF all end lines.
 */
export function createSseParser(): { feed(text: string): SseMessage[] } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let pendingCR = false;
  return {
    feed(text) {
      let chunk = text;
      // A CR at the end of the previous chunk may be the first half of a CRLF.
      if (pendingCR && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCR = chunk.endsWith('\r');
      buffer += chunk;
      const out: SseMessage[] = [];
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      return out;
    },
  };
}
