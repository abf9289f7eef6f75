export { fromGptAgentAction, type GptAgentAction, type GptAgentExecutor } from './gptagent.js';
export {
  type AgentProgressDetails,
  type FromMCPActionV2Options,
  fromMCPActionV2,
  type LogAgentProgress,
  logAgentProgress,
  type MCPActionV2,
  type MCPRequest,
  type MCPResponse,
} from './mcp-action-v2.js';
