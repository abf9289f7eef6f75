// @affordance/mcp/stdio: a served registry on the process's stdin and stdout (Node, through the SDK's stdio transport).
export { runStdioServer, type StdioOptions, serveMCPStdio } from './serve-mcp-stdio.js';
