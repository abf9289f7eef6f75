import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonError } from '../http/json-error.js';
import { toWebRequest, writeWebResponse } from './node-bridge.js';

/** Where `listen` serves: host (default `127.0.0.1`), port (default 0: any free one) and path (default `/mcp`). */
export interface ListenOptions {
  readonly host?: string;
  readonly port?: number;
  readonly path?: string;
}

/** A running node:http server. */
export interface MCPListener {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Serve a fetch handler with node:http at one path (and `alsoPaths`, e.g. OAuth metadata); other paths get 404. */
export async function listenFetch(
  handler: (request: Request) => Promise<Response>,
  options: ListenOptions & { readonly maxBodyBytes: number; readonly alsoPaths?: readonly string[] },
  onPort: (port: number | undefined) => void,
): Promise<MCPListener> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const served = new Set([path, ...(options.alsoPaths ?? [])]);
  const server = createServer((incoming, response) => {
    void (async () => {
      let answer: Response;
      let request: Request | undefined;
      try {
        request = await toWebRequest(incoming, options.maxBodyBytes);
      } catch {
        answer = jsonError(400, -32000, 'Bad Request: malformed URL or Host header');
      }
      if (request) {
        try {
          answer = served.has(new URL(request.url).pathname)
            ? await handler(request)
            : jsonError(404, -32000, `Not Found: the MCP endpoint is ${path}`);
        } catch (error) {
          answer = jsonError(500, -32603, `Internal error: ${(error as Error).message}`);
        }
      }
      await writeWebResponse(answer!, response);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  onPort(port);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${path}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        onPort(undefined);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
