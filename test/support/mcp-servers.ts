// `tools/list` of 12 official MCP servers (npm @modelcontextprotocol/server-*, MIT / Apache-2.0), read from
// test/fixtures/mcp-servers; see its README.md.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AnyAction, defineAction, type JsonSchema } from '@affordance/core';
import { DATA_DIR } from './bfcl.js';

/** One tool as an MCP server lists it. */
export interface ListedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations?: {
    readonly title?: string;
    readonly readOnlyHint?: boolean;
    readonly destructiveHint?: boolean;
    readonly idempotentHint?: boolean;
    readonly openWorldHint?: boolean;
  };
}

/** Every captured server with its tools, by server name (the file name before `.tools.json`). */
export function readMcpServers(): Map<string, ListedTool[]> {
  const folder = path.join(DATA_DIR, 'mcp-servers');
  const servers = new Map<string, ListedTool[]>();
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.tools.json'))
    .sort()) {
    const listed = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { tools: ListedTool[] };
    servers.set(file.replace(/\.tools\.json$/, ''), listed.tools);
  }
  return servers;
}

/** An action for a listed MCP tool, defined through the public API: its schemas as they are, its hints kept. */
export function mcpToolToAction(tool: ListedTool): AnyAction {
  const hints = tool.annotations ?? {};
  return defineAction({
    name: tool.name,
    title: tool.title ?? hints.title,
    description: tool.description?.trim() || tool.name,
    input: tool.inputSchema,
    output: tool.outputSchema,
    readOnly: hints.readOnlyHint,
    destructive: hints.destructiveHint,
    idempotent: hints.idempotentHint,
    openWorld: hints.openWorldHint,
    handler: (input: unknown) => input,
  });
}
