export { AffordanceContext, type AffordanceContextValue, useAffordance } from './affordance-context.js';
export { AffordanceProvider, type AffordanceProviderProps } from './affordance-provider.js';
export {
  type AgentChat,
  type AgentChatOptions,
  type AgentChatSnapshot,
  createAgentChat,
} from './chat/create-agent-chat.js';
export {
  type ActionEntry,
  entryTargetParam,
  needsInput,
  type RunAction,
} from './components/action-entry.js';
export {
  ActionForm,
  type ActionFormProps,
  type RegistryActionFormProps,
  type RemoteActionFormProps,
} from './components/action-form.js';
export {
  type ApprovalChoice,
  ApprovalControl,
  type ApprovalControlProps,
} from './components/approval-control.js';
export {
  CommandPalette,
  type CommandPaletteProps,
  type RegistryCommandPaletteProps,
  type RemoteCommandPaletteProps,
} from './components/command-palette.js';
export type { FormValues, TargetOption } from './components/form-values.js';
export { ToolCallRenderer } from './components/tool-call-renderer.js';
export { type UseAgentChatOptions, type UseAgentChatResult, useAgentChat } from './hooks/use-agent-chat.js';
export { type AssistantActionOptions, useAssistantAction } from './hooks/use-assistant-action.js';
export { useAvailableActions } from './hooks/use-available-actions.js';
export { useToolCall, useToolCalls } from './hooks/use-tool-calls.js';
export type { RenderProps, ToolCallRender } from './render-props.js';
export { approvalIdOf } from './store/approval-id-of.js';
export { createToolCallStore, type ToolCallStore } from './store/create-tool-call-store.js';
export { type ExecuteActionOptions, executeAction } from './store/execute-action.js';
export { type FormField, formArgs, formFields, isHexColorPattern } from './store/form-fields.js';
export { createRendererRegistry, type RendererRegistry } from './store/renderer-registry.js';
export { isSettled, type ToolCallEntry } from './store/tool-call-entry.js';
