import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** What the official MCP client saw of the fixture server: its tools and three calls. */
export interface McpExchange {
  readonly serverName: string | undefined;
  readonly tools: string[];
  readonly where: CallToolResult;
  readonly valid: CallToolResult;
  readonly invalid: CallToolResult;
}

/**
 * Connect the MCP SDK's client over Streamable HTTP, list the tools, ask `where` the server runs, and call `add`
 * with valid and with invalid arguments.
 */
export async function exchangeWithMcp(url: string): Promise<McpExchange> {
  const client = new Client({ name: 'runtime-matrix', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const { tools } = await client.listTools();
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult;
    return {
      serverName: client.getServerVersion()?.name,
      tools: tools.map((tool) => tool.name),
      where: await call('where', {}),
      valid: await call('add', { a: 2, b: 3 }),
      invalid: await call('add', { a: 'two', b: 3 }),
    };
  } finally {
    await client.close();
  }
}

/** The text of a call result's first content block. */
export function firstText(result: CallToolResult): string {
  const [block] = result.content;
  return block?.type === 'text' ? block.text : '';
}
