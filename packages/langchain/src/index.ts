export { ActionTool, type ApprovalMode } from './action-tool.js';
export type { ApprovalRequest, ApprovalResume } from './approval-interrupt.js';
export type { AffordanceConfigurable } from './call-of-config.js';
export { type LangChainToolsOptions, langchainTools } from './langchain-tools.js';
