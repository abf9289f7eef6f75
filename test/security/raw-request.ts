import { type RequestOptions, request } from 'node:http';

// A request to `url`'s address with exactly `headers`, on a connection of its own.
function requestTo(url: string, method: string, headers: Readonly<Record<string, string>>): RequestOptions {
  const target = new URL(url);
  return {
    host: target.hostname,
    port: target.port,
    path: `${target.pathname}${target.search}`,
    method,
    headers,
    agent: false,
  };
}

/** An answer read whole: status, headers (lower-case names) and the body as text. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  json(): unknown;
}

/**
 * Send one HTTP/1.1 request with exactly these headers (a `Host` of any name included, as a DNS-rebinding page
 * would send), over a real socket to `url`'s address, and read the whole answer.
 */
export function rawRequest(
  url: string,
  options: {
    readonly method?: string;
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: string;
  } = {},
): Promise<RawAnswer> {
  const headers = {
    ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const outgoing = request(requestTo(url, options.method ?? 'GET', headers), (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          text,
          json: () => JSON.parse(text),
        });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Open a request and answer its status and headers only, destroying the connection right after (for streams). */
export function rawStatus(
  url: string,
  headers: Readonly<Record<string, string>>,
  method = 'GET',
): Promise<{ readonly status: number; readonly body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(requestTo(url, method, headers), (incoming) => {
      const status = incoming.statusCode ?? 0;
      if (status === 200) {
        incoming.destroy();
        resolve({ status, body: '' });
        return;
      }
      let body = '';
      incoming.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      incoming.on('end', () => resolve({ status, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
