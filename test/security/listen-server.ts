import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AffordanceServer, createServer, type ServerOptions } from '@affordance/server';
import { serve } from '@hono/node-server';

/** A server built with `createServer`, listening on a real socket on 127.0.0.1. */
export interface ListeningServer extends AffordanceServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Build the server and serve it with @hono/node-server on 127.0.0.1 (a free port), as `affordance serve` does. */
export async function listenServer(options: ServerOptions): Promise<ListeningServer> {
  const built = createServer({ consoleDir: false, ...options });
  const server = serve({ fetch: built.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  if (!server.listening) await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      await built.mcp?.close();
      built.streams.close();
      built.events.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
