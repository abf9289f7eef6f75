import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedJson } from './replay-fixtures.js';

/**
 * What the replay server answers with: a JSON body, or an SSE body sent in one piece per event (with `hold`, the
 * response is left open after the last event, as a stream the model has not finished).
 */
export type ReplayAnswer =
  | { readonly json: unknown; readonly status?: number }
  | { readonly sse: readonly string[]; readonly hold?: boolean };

/** One request the server received. */
export interface ReplayRequest {
  readonly method: string;
  readonly path: string;
  /** The query string, without `?` (`alt=sse`). */
  readonly query: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: RecordedJson;
  /** Settles when the connection of the answer closes (the client hung up, or the answer ended). */
  readonly closed: Promise<void>;
}

/** A local HTTP server on 127.0.0.1 that answers POSTs to known paths with recorded responses. */
export interface ReplayServer {
  readonly url: string;
  readonly requests: readonly ReplayRequest[];
  /** Stop listening and end every connection, held streams too; a second call answers the first one's promise. */
  close(): Promise<void>;
}

/** What a replay server answers on each path (`/v1/chat/completions`): a function of the request body. */
export type ReplayRoutes = Record<string, (body: unknown) => ReplayAnswer>;

/** Start a replay server answering `routes` (POSTs only; any other request is a 404). */
export async function startReplayServer(routes: ReplayRoutes): Promise<ReplayServer> {
  const requests: ReplayRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    const [path = '/', query = ''] = (request.url ?? '/').split('?');
    const closed = new Promise<void>((resolve) => response.once('close', () => resolve()));
    requests.push({ method: request.method ?? 'GET', path, query, headers: request.headers, body, closed });
    const route = routes[path];
    if (!route || request.method !== 'POST') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `no route for ${request.method} ${path}` } }));
      return;
    }
    const answer = route(body);
    if ('json' in answer) {
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of answer.sse) response.write(event);
    if (!answer.hold) response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    // Once, however often it is called: a test may close its server early and its end closes it again.
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Held streams would keep the server open forever.
        server.closeAllConnections();
      })),
  };
}
