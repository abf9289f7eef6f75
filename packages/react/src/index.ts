// The framework-free pieces live in @affordance/client; re-exported so imports from this package keep working.
export {
  type ActionEntry,
  type AgentChat,
  type AgentChatOptions,
  type AgentChatSnapshot,
  type AgentContext,
  approvalIdOf,
  createAgentChat,
  createAgentContext,
  createRendererRegistry,
  createSharedState,
  createToolCallStore,
  type ExecuteActionOptions,
  entryTargetParam,
  executeAction,
  type FormField,
  type FormValues,
  formArgs,
  formFields,
  isHexColorPattern,
  isSettled,
  type JsonObject,
  needsInput,
  type RendererRegistry,
  type RunAction,
  SharedStateError,
  type SharedStateStore,
  type TargetOption,
  type ToolCallEntry,
  type ToolCallStore,
} from '@affordance/client';
export { AffordanceContext, type AffordanceContextValue, useAffordance } from './affordance-context.js';
export { AffordanceProvider, type AffordanceProviderProps } from './affordance-provider.js';
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
export { InterruptCard, type InterruptCardProps } from './components/interrupt-card.js';
export { ToolCallRenderer } from './components/tool-call-renderer.js';
export { type UseAgentChatOptions, type UseAgentChatResult, useAgentChat } from './hooks/use-agent-chat.js';
export { type UseAgentContextOptions, useAgentContext } from './hooks/use-agent-context.js';
export { type SetAgentState, useAgentState } from './hooks/use-agent-state.js';
export { type AssistantActionOptions, useAssistantAction } from './hooks/use-assistant-action.js';
export { useAvailableActions } from './hooks/use-available-actions.js';
export { useToolCall, useToolCalls } from './hooks/use-tool-calls.js';
export type { RenderProps, ToolCallRender } from './render-props.js';
