export { fromGptAgentAction, type GptAgentAction, type GptAgentExecutor } from './gptagent.js';
export {
  type FromMCPActionV2Options,
  fromMCPActionV2,
  type MCPActionV2,
  type MCPRequest,
  type MCPResponse,
} from './mcp-action-v2.js';
