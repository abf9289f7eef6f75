// Tool schemas of 12 official MCP servers (npm @modelcontextprotocol/server-*, MIT / Apache-2.0), captured in
// test/fixtures/mcp-servers (see its README.md); repeated to make large registries for the MCP bench.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

// Two folders up is the repository root, both from test/support and from the MCP bench's bundle in
// node_modules/.mcp-bench.
const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/mcp-servers');

/** `count` real tool definitions, cycling through the captured ones, each renamed `<server>_<tool>_<n>`. */
export function catalogueTools(count: number): Tool[] {
  const real: Tool[] = [];
  for (const file of readdirSync(dataDir)
    .filter((name) => name.endsWith('.tools.json'))
    .sort()) {
    const server = file.replace(/\.tools\.json$/, '');
    const { tools } = JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')) as { tools: Tool[] };
    for (const tool of tools) real.push({ ...tool, name: `${server}_${tool.name}` });
  }
  return Array.from({ length: count }, (_, index) => {
    const tool = real[index % real.length]!;
    return { ...tool, name: `${tool.name}_${Math.floor(index / real.length)}`.slice(0, 128) };
  });
}
