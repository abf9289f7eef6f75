import type { Registry } from '@affordance/core';
import { type MCPServer, serveMCP } from '../server/serve-mcp.js';
import type { ServeMCPOptions } from '../server/types.js';

/** Where stdio reads and writes (default the process's stdin and stdout). */
export interface StdioOptions extends ServeMCPOptions {
  readonly stdin?: NodeJS.ReadableStream;
  readonly stdout?: NodeJS.WritableStream;
}

/** Serve a registry over stdio as one session for `options.user`; resolves once connected. */
export async function serveMCPStdio(
  registry: Registry,
  options: StdioOptions = {},
): Promise<{ readonly server: MCPServer; readonly closed: Promise<void>; close(): Promise<void> }> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const { stdin: input = process.stdin, stdout: output = process.stdout, ...serveOptions } = options;
  const server = serveMCP(registry, serveOptions);
  const transport = new StdioServerTransport(input as never, output as never);
  const closed = new Promise<void>((resolve) => {
    const previous = transport.onclose;
    transport.onclose = () => {
      previous?.();
      resolve();
    };
  });
  const connection = await server.connect(transport);
  // The SDK transport does not notice the end of its input; a client closing stdin ends the session.
  input.once('end', () => void connection.close());
  return { server, closed, close: () => server.close() };
}

/** Serve a registry over the process's stdio until the client goes away (what `affordance mcp` runs). */
export async function runStdioServer(registry: Registry, options: ServeMCPOptions = {}): Promise<void> {
  const { closed, close } = await serveMCPStdio(registry, options);
  await closed;
  await close();
}
