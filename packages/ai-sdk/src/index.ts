export { ActionCallError } from './action-call-error.js';
export { type AffordanceToolsOptions, affordanceTools } from './affordance-tools.js';
export { type AISDKModelOptions, createAISDKModel } from './create-ai-sdk-model.js';
export { recordDeniedApprovals } from './record-denied-approvals.js';
