import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local server on 127.0.0.1 for one test; `baseUrl` ends in `/api/v3` like GitHub Enterprise Server. */
export interface LocalServer {
  readonly baseUrl: string;
  /** The Authorization header of every request it saw. */
  readonly authorizations: Array<string | undefined>;
  close(): Promise<void>;
}

async function listen(
  handle: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): Promise<LocalServer> {
  const authorizations: Array<string | undefined> = [];
  const server: Server = createServer(async (request, response) => {
    authorizations.push(request.headers.authorization);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    handle(request, response, Buffer.concat(chunks).toString('utf8'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A GitHub (or a proxy in front of it) that echoes the request's headers back, Authorization included, in every
 * answer; `answer` picks the status and shape by the record's title or body (`status 401`, `proxy 502`, …).
 */
export function startReflectingServer(options: { redirectTo?: string } = {}): Promise<LocalServer> {
  return listen((request, response, text) => {
    const auth = request.headers.authorization ?? '';
    const sent = JSON.parse(text) as { title?: string; body?: string };
    const ask = `${sent.title ?? ''} ${sent.body ?? ''}`;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    };
    if (ask.includes('status 401'))
      return json(401, {
        message: `Bad credentials: ${auth}`,
        documentation_url: `https://docs.github.com/rest?auth=${encodeURIComponent(auth)}`,
        errors: [{ field: 'authorization', code: 'invalid', message: auth }],
        request_headers: request.headers,
      });
    if (ask.includes('rate limit'))
      return json(
        403,
        { message: `API rate limit exceeded for ${auth}`, documentation_url: 'https://docs.github.com/rest' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1767225600', 'retry-after': '60' },
      );
    if (ask.includes('proxy 502')) {
      response.writeHead(502, { 'content-type': 'text/html' });
      return response.end(
        `<html><body><h1>502 Bad Gateway</h1><pre>POST ${request.url}\nAuthorization: ${auth}\n${JSON.stringify(request.headers)}</pre></body></html>`,
      );
    }
    if (ask.includes('redirect')) {
      response.writeHead(307, {
        location: `${options.redirectTo}${request.url}?from=${encodeURIComponent(auth)}`,
      });
      return response.end();
    }
    const port = (request.socket.address() as AddressInfo).port;
    return json(201, {
      id: 7,
      number: 1,
      html_url: `http://127.0.0.1:${port}/acme/app/issues/1?seen=${auth.split(' ')[1]}`,
      echoed: { authorization: auth },
    });
  });
}

/** A server that accepts the connection and closes it without answering. */
export function startClosingServer(): Promise<LocalServer> {
  return listen((request) => request.socket.destroy());
}

/** A server that sends the status line and half a body with the token in it, then closes the connection. */
export function startHalfAnsweringServer(): Promise<LocalServer> {
  return listen((request, response) => {
    response.writeHead(500, { 'content-type': 'application/json', 'content-length': '1000' });
    response.write(`{"message": "failed for ${request.headers.authorization}`);
    setImmediate(() => request.socket.destroy());
  });
}

/** A base URL on 127.0.0.1 where nothing listens (a port that was just let go). */
export async function refusedBaseUrl(): Promise<string> {
  const server = await listen(() => {});
  await server.close();
  return server.baseUrl;
}
