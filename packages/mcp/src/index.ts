export type { ListenOptions, MCPListener } from './http/listen.js';
export {
  CSRF_HEADER,
  corsHeaders,
  createRequestGuard,
  type GuardedRequest,
  type GuardRefusal,
  type GuardVerdict,
  type HeaderSource,
  type RequestGuard,
  type RequestGuardPolicy,
} from './http/request-guard.js';
export { importMCP } from './import/import-mcp.js';
export { stripUnsafePatterns } from './import/strip-unsafe-patterns.js';
export type {
  ImportChange,
  ImportedApproval,
  ImportedMCP,
  ImportedToolSettings,
  ImportMCPOptions,
  MCPSource,
} from './import/types.js';
export { listenMCP } from './listen-mcp.js';
export { ERROR_META_KEY } from './server/call-result.js';
export { contentText, isContentBlocks } from './server/content-blocks.js';
export { type MCPSession, mcpSession } from './server/mcp-session.js';
export { createMemoryEventStore } from './server/memory-event-store.js';
export { type MCPServer, serveMCP } from './server/serve-mcp.js';
export { parseTargetUri, TARGET_URI_TEMPLATE, targetUri } from './server/target-resources.js';
export type {
  MCPCaller,
  MCPPrompt,
  MCPResource,
  MCPResourceTemplate,
  ServeMCPOptions,
} from './server/types.js';
export { runStdioServer, type StdioOptions, serveMCPStdio } from './stdio.js';
