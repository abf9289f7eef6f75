// @affordance/mcp/client: remote MCP servers imported as actions, over Streamable HTTP or a child process's stdio.
export { importMCP } from './import-mcp.js';
export { stripUnsafePatterns } from './strip-unsafe-patterns.js';
export type {
  ImportChange,
  ImportedApproval,
  ImportedMCP,
  ImportedToolSettings,
  ImportMCPOptions,
  MCPSource,
} from './types.js';
