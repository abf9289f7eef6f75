export {
  createScriptedModel,
  type ScriptedModel,
  type ScriptedModelOptions,
  type ScriptedReply,
  type ScriptedToolCall,
} from '../agent/testing/index.js';
export type { ContractAssertion, ContractTestApi } from './contract-api.js';
export { auditRecord } from './contracts/audit-contract.js';
export { describeStoreContract } from './describe-store-contract.js';
