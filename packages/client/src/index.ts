export { approvalIdOf } from '@affordance/core';
export {
  type ActionEntry,
  entryOfAvailable,
  entryTargetParam,
  entryTitle,
  filterEntries,
  needsInput,
  type RunAction,
} from './actions/action-entry.js';
export {
  type ActionRunner,
  type RegistryActionRunnerOptions,
  type RemoteActionRunnerOptions,
  registryActionRunner,
  remoteActionRunner,
  targetIdOf,
} from './actions/action-runner.js';
export {
  type AgentContext,
  type AgentContextEntry,
  type AgentContextInput,
  type AguiContextEntry,
  createAgentContext,
} from './agent-context/create-agent-context.js';
export {
  type ApprovalChoice,
  type SendApprovalDecisionOptions,
  sendApprovalDecision,
} from './approvals/send-approval-decision.js';
export {
  type AgentChat,
  type AgentChatOptions,
  type AgentChatSnapshot,
  createAgentChat,
  type InterruptDecision,
  type PendingInterrupt,
} from './chat/create-agent-chat.js';
export {
  createThreadList,
  type ThreadList,
  type ThreadListOptions,
  type ThreadListSnapshot,
  type ThreadSummary,
} from './chat/create-thread-list.js';
export { INTERRUPTED, toolCallsOf, unansweredCalls } from './chat/restore-tool-calls.js';
// The streaming pieces of @affordance/core this package builds on, in one place.
export {
  createToolCallAssembler,
  type ToolCallAssembler,
  type ToolCallError,
  type ToolCallPart,
  type ToolCallStatus,
} from './core-streaming.js';
export { type FormField, formArgs, formFields, isHexColorPattern } from './forms/form-fields.js';
export { type FormValues, startingValues, type TargetOption } from './forms/form-values.js';
export {
  type AnyRender,
  type FrontendActionOptions,
  type RegisterFrontendActionOptions,
  registerFrontendAction,
} from './frontend-actions/register-frontend-action.js';
export {
  createSharedState,
  DEFAULT_MAX_STATE_BYTES,
  type JsonObject,
  SharedStateError,
  type SharedStateErrorCode,
  type SharedStateOptions,
  type SharedStateStore,
} from './shared-state/create-shared-state.js';
export {
  createSuggestionStore,
  type SuggestionSnapshot,
  type SuggestionStore,
} from './suggestions/create-suggestion-store.js';
export {
  fetchSuggestions,
  type SuggestedAction,
  type SuggestedPrompt,
  type SuggestionQuery,
  type SuggestionSourceOptions,
  type Suggestions,
  SuggestionsError,
  suggestionsUrl,
} from './suggestions/fetch-suggestions.js';
export {
  type SuggestionChip,
  type SuggestionChipOptions,
  suggestionChips,
} from './suggestions/suggestion-chips.js';
export { createToolCallStore, type ToolCallStore } from './tool-calls/create-tool-call-store.js';
export { type ExecuteActionOptions, executeAction } from './tool-calls/execute-action.js';
export { createRendererRegistry, type RendererRegistry } from './tool-calls/renderer-registry.js';
export { isSettled, type ToolCallEntry } from './tool-calls/tool-call-entry.js';
