export type { AffordanceRunContext } from './agents-context.js';
export { type AgentsToolsOptions, agentsTools } from './agents-tools.js';
export { type ApprovalVerdict, decideApproval } from './decide-approval.js';
