// A bare MCP server written directly on the official SDK (low-level Server, no registry): the floor the MCP
// benchmark compares serveMCP with, and a remote with hand-written tool schemas for the importMCP tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  isInitializeRequest,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

/** Tools and what calling each answers. */
export interface BareTools {
  readonly tools: readonly Tool[];
  call(name: string, args: Record<string, unknown>): CallToolResult | Promise<CallToolResult>;
}

/** The bench's tool: echo the text back. */
export const ECHO_TOOLS: BareTools = {
  tools: [
    {
      name: 'echo',
      description: 'Send the text back',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
        additionalProperties: false,
      },
    },
  ],
  call: (_name, args) => ({ content: [{ type: 'text', text: String(args.text) }] }),
};

/** A low-level SDK server answering `tools/list` and `tools/call` from `tools`; `setTools` changes them and notifies. */
export function bareServer(bare: { current: BareTools }): Server {
  const server = new Server(
    { name: 'bare', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...bare.current.tools] }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    bare.current.call(request.params.name, request.params.arguments ?? {}),
  );
  return server;
}

/** Serve `tools` over stdio with a bare SDK server. */
export async function serveBareStdio(tools: BareTools, transport: Transport): Promise<void> {
  await bareServer({ current: tools }).connect(transport);
}

/** Serve `tools` over Streamable HTTP with the SDK's Node transport, one bare server per session. */
export async function listenBare(tools: BareTools): Promise<{
  url: string;
  setTools(next: BareTools): Promise<void>;
  close(): Promise<void>;
}> {
  const holder = { current: tools };
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server }>();
  const readJson = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    const id = request.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing) return existing.transport.handleRequest(request, response, body);
    if (!isInitializeRequest(body)) {
      response
        .writeHead(400)
        .end('{"jsonrpc":"2.0","error":{"code":-32000,"message":"no session"},"id":null}');
      return;
    }
    const server = bareServer(holder);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { transport, server });
      },
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };
  const http = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500).end(error.message);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    async setTools(next) {
      holder.current = next;
      await Promise.all([...sessions.values()].map(({ server }) => server.sendToolListChanged()));
    },
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
