import type { Registry, User } from '@affordance/core';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createOAuthResource, type OAuthResource } from '../auth/oauth-resource.js';
import { createHttpHandler, type HttpHandler } from '../http/handle-http.js';
import { openSession } from './open-session.js';
import type { ServeContext } from './serve-context.js';
import type { ServeMCPOptions } from './types.js';

/** A registry served over MCP: connect transports or mount `fetch` (node:http: `listenMCP` of `@affordance/mcp/node`). */
export interface MCPServer {
  /** Serve one connection (stdio, in-memory, any SDK server transport) as its own session. */
  connect(transport: Transport, options?: { readonly user?: User }): Promise<{ close(): Promise<void> }>;
  /** The Streamable HTTP endpoint as a fetch handler, mountable in any fetch-style server. */
  fetch(request: Request): Promise<Response>;
  /** Send `notifications/resources/updated` to the sessions subscribed to `uri`. */
  notifyResourceUpdated(uri: string): Promise<void>;
  /** Send `notifications/resources/list_changed` to every session (e.g. after targets were added). */
  notifyResourceListChanged(): Promise<void>;
  /** With `oauth`: the protected resource, whose metadata a host serves at `oauth.metadataPaths` (`fetch` does too). */
  readonly oauth: OAuthResource | undefined;
  /** Sessions connected now, over every transport. */
  readonly sessionCount: number;
  /** Close every session and stop following the registry. */
  close(): Promise<void>;
}

/**
 * Serve a registry as an MCP server. Each client gets its own session answering from the registry: tools for
 * its user (`tools/list` follows registry changes with `list_changed`), every call through `registry.run`, the
 * targets and configured resources, the "available actions" prompt and configured prompts.
 */
export function serveMCP(registry: Registry, options: ServeMCPOptions = {}): MCPServer {
  return serveMCPWithHttp(registry, options).server;
}

/** `serveMCP` and its Streamable HTTP handler, which a listener tells its port (for `@affordance/mcp/node`). */
export function serveMCPWithHttp(
  registry: Registry,
  options: ServeMCPOptions,
): { readonly server: MCPServer; readonly http: HttpHandler } {
  const shared: ServeContext = {
    registry,
    options,
    sessions: new Set(),
    oauth: options.oauth ? createOAuthResource(options.oauth) : undefined,
  };
  const http = createHttpHandler(shared);
  let announced = false;
  const stopFollowing = registry.on('change', () => {
    // Many registrations in one tick make one notification.
    if (announced) return;
    announced = true;
    queueMicrotask(() => {
      announced = false;
      for (const session of shared.sessions) {
        if (session.server.getClientCapabilities()) void session.server.sendToolListChanged().catch(() => {});
      }
    });
  });
  const server: MCPServer = {
    async connect(transport, connectOptions = {}) {
      const session = openSession(shared, connectOptions.user ?? options.user);
      await session.server.connect(transport);
      return { close: () => session.server.close() };
    },
    fetch: (request) => http.fetch(request),
    oauth: shared.oauth,
    async notifyResourceUpdated(uri) {
      const sends = [...shared.sessions]
        .filter((session) => session.subscriptions.has(uri))
        .map((session) => session.server.sendResourceUpdated({ uri }).catch(() => {}));
      await Promise.all(sends);
    },
    async notifyResourceListChanged() {
      await Promise.all(
        [...shared.sessions].map((session) => session.server.sendResourceListChanged().catch(() => {})),
      );
    },
    get sessionCount() {
      return shared.sessions.size;
    },
    async close() {
      stopFollowing();
      http.close();
      await Promise.all([...shared.sessions].map((session) => session.server.close().catch(() => {})));
    },
  };
  return { server, http };
}
