// @affordance/mcp: a registry served over MCP as a web-standard fetch handler, for any runtime. Node's listener is
// `@affordance/mcp/node`, stdio `@affordance/mcp/stdio`, importing remote servers `@affordance/mcp/client`.
export { createOAuthResource, type OAuthResource, type OAuthVerdict } from './auth/oauth-resource.js';
export {
  type ProtectedResourceMetadata,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from './auth/protected-resource-metadata.js';
export type { MCPOAuthOptions, VerifiedToken } from './auth/types.js';
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
