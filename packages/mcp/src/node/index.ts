// @affordance/mcp/node: a served registry on node:http.
export type { ListenOptions, MCPListener } from './listen-fetch.js';
export { listenMCP } from './listen-mcp.js';
