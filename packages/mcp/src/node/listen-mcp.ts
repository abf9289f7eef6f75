import type { Registry } from '@affordance/core';
import { type MCPServer, serveMCPWithHttp } from '../server/serve-mcp.js';
import type { ServeMCPOptions } from '../server/types.js';
import { type ListenOptions, listenFetch, type MCPListener } from './listen-fetch.js';

/**
 * Serve a registry over Streamable HTTP on node:http in one step (default `127.0.0.1`, a free port, `/mcp`);
 * closing the listener also closes every session.
 */
export async function listenMCP(
  registry: Registry,
  options: ServeMCPOptions & ListenOptions = {},
): Promise<MCPListener & { readonly server: MCPServer }> {
  const { host, port, path, ...serveOptions } = options;
  const { server, http } = serveMCPWithHttp(registry, serveOptions);
  const listener = await listenFetch(
    http.fetch,
    {
      ...(host !== undefined ? { host } : {}),
      ...(port !== undefined ? { port } : {}),
      ...(path !== undefined ? { path } : {}),
      maxBodyBytes: http.maxBodyBytes,
      ...(server.oauth ? { alsoPaths: server.oauth.metadataPaths } : {}),
    },
    http.setPort,
  ).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  return {
    url: listener.url,
    port: listener.port,
    server,
    async close() {
      await listener.close();
      await server.close();
    },
  };
}
