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
  createThreadList,
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
  type SuggestedAction,
  type SuggestedPrompt,
  type SuggestionChip,
  type SuggestionQuery,
  type SuggestionSnapshot,
  type Suggestions,
  type TargetOption,
  type ThreadListOptions,
  type ThreadListSnapshot,
  type ThreadSummary,
  type ToolCallEntry,
  type ToolCallStore,
} from '@affordance/client';
export { AffordanceContext, type AffordanceContextValue, useAffordance } from './affordance-context.js';
export { AffordanceProvider, type AffordanceProviderProps } from './affordance-provider.js';
export {
  ActionContextMenu,
  type ActionContextMenuProps,
} from './components/action-context-menu.js';
export {
  ActionForm,
  type ActionFormProps,
  type RegistryActionFormProps,
  type RemoteActionFormProps,
} from './components/action-form.js';
export { ActionMenu, type ActionMenuProps } from './components/action-menu.js';
export {
  type ApprovalChoice,
  ApprovalControl,
  type ApprovalControlProps,
} from './components/approval-control.js';
export {
  Chat,
  type ChatProps,
  ChatThread,
  type ChatThreadProps,
  type ChatViewProps,
} from './components/chat/chat.js';
export type { ChatClassNames, ChatSlot } from './components/chat/chat-class-names.js';
export { ChatComposer, type ChatComposerProps } from './components/chat/chat-composer.js';
export {
  ChatMessageList,
  type ChatMessageListProps,
  type OlderMessages,
} from './components/chat/chat-message-list.js';
export { ChatToolCall, type ChatToolCallProps } from './components/chat/chat-tool-call.js';
export {
  ThreadList,
  type ThreadListClassNames,
  type ThreadListProps,
} from './components/chat/thread-list.js';
export {
  CommandPalette,
  type CommandPaletteProps,
  type RegistryCommandPaletteProps,
  type RemoteCommandPaletteProps,
} from './components/command-palette.js';
export { InterruptCard, type InterruptCardProps } from './components/interrupt-card.js';
export { SuggestionChips, type SuggestionChipsProps } from './components/suggestion-chips.js';
export { ToolCallRenderer } from './components/tool-call-renderer.js';
export { type UseAgentChatOptions, type UseAgentChatResult, useAgentChat } from './hooks/use-agent-chat.js';
export { type UseAgentContextOptions, useAgentContext } from './hooks/use-agent-context.js';
export { type SetAgentState, useAgentState } from './hooks/use-agent-state.js';
export { type AssistantActionOptions, useAssistantAction } from './hooks/use-assistant-action.js';
export { useAvailableActions } from './hooks/use-available-actions.js';
export { type UseSuggestionsOptions, useSuggestions } from './hooks/use-suggestions.js';
export { type UseThreadListResult, useThreadList } from './hooks/use-thread-list.js';
export { useToolCall, useToolCalls } from './hooks/use-tool-calls.js';
export type { RenderProps, ToolCallRender } from './render-props.js';
