export type {
  AgentTelemetry,
  RunTelemetry,
  StepTelemetry,
  ToolCallTelemetry,
} from '../tracing/agent-telemetry.js';
export type {
  AgentEvent,
  AgentResult,
  AgentStatus,
  AttemptRecord,
  CallRecord,
  CallStatus,
  ConditionResult,
  InputAsk,
  StepRecord,
} from './agent-events.js';
export {
  type ClientTool,
  type PreparedClientTools,
  prepareClientTools,
  splitClientCalls,
} from './client-tools.js';
export type {
  CompletionCheck,
  CompletionContext,
  CompletionOptions,
  CompletionValidator,
  NamedCompletionCheck,
} from './completion.js';
export {
  COMPLETION_STEP,
  type ConfiguredRun,
  type ConfiguredRunOptions,
  configuredRun,
} from './configured-run.js';
export {
  type ConversationRecorderOptions,
  createConversationRecorder,
  ensureSession,
  titleOf,
} from './conversation-recorder.js';
export { FINAL_ANSWER } from './final-output.js';
export {
  type AgentDecision,
  type AgentInterrupt,
  APPROVAL_RESPONSE_SCHEMA,
  decisionOf,
  ResumeError,
  type ResumeErrorCode,
} from './interrupts.js';
export type { ModelReply, ModelReplyOutcome, OnModelReply } from './model-reply.js';
export { DONE } from './model-turn.js';
export {
  type AgentMessage,
  type FinishReason,
  type LanguageModel,
  type ModelRequest,
  type ModelResponse,
  type ModelStreamPart,
  type ModelToolCall,
  type ModelUsage,
  type ProviderData,
  type ResponseFormat,
  type StructuredOutputSupport,
  type ToolCallRecord,
  type ToolResultRecord,
  toolCallOf,
} from './model-types.js';
export type { OutputMode } from './native-output.js';
export {
  type CancelAgentRunOptions,
  cancelAgentRun,
  findPausedRun,
  leaseRanOut,
  type PausedRunQuery,
} from './paused-runs.js';
export { type PausedCall, type PausedRunState, readPausedState } from './paused-state.js';
export {
  offerRelevantTools,
  type PrepareStep,
  type PrepareStepContext,
  type StepPreparation,
} from './prepare-step.js';
export {
  closesIssue,
  createReplyActions,
  LEGACY_COMPLETION_TYPE,
  type ReplyActionsOptions,
} from './reply-actions.js';
export { type ResumeAgentOptions, resumeAgent } from './resume-agent.js';
export { type RunAgentOptions, runAgent } from './run-agent.js';
export {
  type AgentRunConfig,
  type RunConfigOptions,
  readRunConfig,
  runConfigOptions,
  type StopRuleConfig,
} from './run-config.js';
export type { AgentLoopOptions } from './run-setup.js';
export {
  createMemorySessionRecorder,
  type MemorySessionRecorder,
  type RunStartRecord,
  type SessionEntry,
  type SessionRecorder,
} from './session-recorder.js';
export { hasToolCall, type StopCondition, type StopContext, stepCountIs } from './stop-when.js';
