import type { Registry } from '@affordance/core';
import type { ListenOptions, MCPListener } from './http/listen.js';
import { type MCPServer, serveMCP } from './server/serve-mcp.js';
import type { ServeMCPOptions } from './server/types.js';

/**
 * Serve a registry over Streamable HTTP on node:http in one step (default `127.0.0.1`, a free port, `/mcp`);
 * closing the listener also closes every session.
 */
export async function listenMCP(
  registry: Registry,
  options: ServeMCPOptions & ListenOptions = {},
): Promise<MCPListener & { readonly server: MCPServer }> {
  const { host, port, path, ...serveOptions } = options;
  const server = serveMCP(registry, serveOptions);
  const listener = await server.listen({
    ...(host !== undefined ? { host } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(path !== undefined ? { path } : {}),
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
