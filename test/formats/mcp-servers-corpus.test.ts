// Data: `tools/list` of 12 official MCP servers (npm @modelcontextprotocol/server-*, MIT / Apache-2.0), read from
// test/fixtures/mcp-servers; see its README.md.
import { createRegistry, TOOL_FORMATS } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { mcpToolToAction, readMcpServers } from '../support/mcp-servers.js';
import { problemsOf, toolName } from '../support/tool-checks.js';

// biome-ignore lint/suspicious/noExplicitAny: each provider shapes tools differently; tests read them loosely
type AnyTool = Record<string, any>;
const servers = readMcpServers();

describe('the tools of 12 MCP servers', () => {
  it('reads all 93 tools', () => {
    expect([...servers.values()].flat()).toHaveLength(93);
  });

  it.each([...servers.keys()])(
    '%s: every tool converts into every format with legal names that map back',
    (server) => {
      const registry = createRegistry({ actions: servers.get(server)!.map(mcpToolToAction) });
      for (const format of TOOL_FORMATS) {
        const formatted = registry.toolSet({ format });
        expect(formatted.tools).toHaveLength(servers.get(server)!.length);
        expect(problemsOf(format, formatted)).toEqual([]);
        for (const tool of formatted.tools as AnyTool[]) {
          expect(registry.get(toolName(format, tool))?.name).toBe(
            formatted.names.get(toolName(format, tool)),
          );
        }
      }
    },
  );

  it.each([...servers.keys()])('%s: MCP output gives back each tool as the server listed it', (server) => {
    const listed = servers.get(server)!;
    const { tools, warnings } = createRegistry({ actions: listed.map(mcpToolToAction) }).toolSet({
      format: 'mcp',
    });
    expect(warnings).toEqual([]);
    (tools as AnyTool[]).forEach((tool, index) => {
      const original = listed[index]!;
      expect(tool.name).toBe(original.name);
      expect(tool.title).toBe(original.title ?? original.annotations?.title);
      expect(tool.inputSchema).toEqual(original.inputSchema);
      expect(tool.outputSchema).toEqual(original.outputSchema);
      const { title: _title, ...hints } = tool.annotations ?? {};
      const { title: _listedTitle, ...listedHints } = original.annotations ?? {};
      expect(hints).toEqual(listedHints);
    });
  });
});
