export { defineAction, defineDynamicAction, isAction } from './action/define-action.js';
export {
  defineActionFor,
  type ScopedTarget,
  type TargetedActionDefinition,
} from './action/define-action-for.js';
export { qualifiedName } from './action/qualified-name.js';
export { toolInputSchema } from './action/tool-input-schema.js';
export type {
  Action,
  ActionContext,
  ActionDefinition,
  ActionExample,
  ActionInput,
  AnyAction,
  ApprovalRule,
  Availability,
  AvailabilityInput,
  InferSchema,
  JsonSchema,
  Logger,
  Progress,
  RateLimitRule,
  RunCall,
  RunMeta,
  RunResult,
  SchemaLike,
  Services,
  Target,
  TargetLike,
  TargetRef,
  User,
} from './action/types.js';
export { isReply, type Reply, withMessage } from './action/with-message.js';
export { fromGptAgentAction, type GptAgentAction, type GptAgentExecutor } from './adapters/gptagent.js';
export {
  type FromMCPActionV2Options,
  fromMCPActionV2,
  type MCPActionV2,
  type MCPRequest,
  type MCPResponse,
} from './adapters/mcp-action-v2.js';
export {
  type AgentEvent,
  type AgentMessage,
  type AgentResult,
  type AgentStatus,
  type AttemptRecord,
  type CallRecord,
  type CallStatus,
  type ClientTool,
  type CompletionCheck,
  type CompletionContext,
  type CompletionOptions,
  type CompletionValidator,
  type ConditionResult,
  type ConversationRecorderOptions,
  createConversationRecorder,
  createMemorySessionRecorder,
  DONE,
  ensureSession,
  type FinishReason,
  type LanguageModel,
  type MemorySessionRecorder,
  type ModelRequest,
  type ModelResponse,
  type ModelStreamPart,
  type ModelToolCall,
  type ModelUsage,
  type NamedCompletionCheck,
  type PreparedClientTools,
  prepareClientTools,
  type RunAgentOptions,
  type RunStartRecord,
  runAgent,
  type SessionEntry,
  type SessionRecorder,
  type StepRecord,
  splitClientCalls,
  type ToolCallRecord,
  type ToolResultRecord,
  titleOf,
  toolCallOf,
} from './agent/index.js';
export {
  ACTION_TYPES,
  type ActionDetector,
  type ActionDetectorOptions,
  type ActionExecutor,
  type ActionExecutorOptions,
  type ActionLogRecord,
  type ActionType,
  type AgentActionsConfig,
  type AgentConfig,
  AgentConfigError,
  type AgentConfigIssue,
  type AgentConfigResult,
  type AgentConfigWarning,
  type AgentConfigWarningCode,
  agentConfigSchema,
  BUILTIN_HANDLERS,
  type BuiltinHandlerName,
  type BuiltinHandlerOptions,
  builtinHandlers,
  type CheckedPath,
  type CompletionCondition,
  type ConfiguredActionsOptions,
  checkFilePath,
  checkRelativePath,
  createActionDetector,
  createActionExecutor,
  createConfiguredActions,
  createFileHandler,
  createGithubCommentHandler,
  createGithubIssueHandler,
  createLogHandler,
  createMemoryFileAppender,
  DEFAULT_FILE_EXTENSIONS,
  type DetectedAction,
  type DetectedActionHandler,
  type DetectedActionResult,
  type DetectionError,
  type DetectionErrorCode,
  type ExecutionErrorCode,
  type FileAppender,
  type FileHandlerOptions,
  FilePathError,
  type FilePathErrorCode,
  type FilePathPolicy,
  GithubError,
  type GithubErrorDetails,
  type GithubErrorKind,
  type GithubOptions,
  type GithubRateLimit,
  type HandlerContext,
  type OnFailure,
  parseAgentConfig,
  type StepConfig,
  validateAgentConfig,
} from './detect/index.js';
export { type ActionError, AffordanceError, actionError, type Issue } from './errors/action-error.js';
export { ActionFailure } from './errors/action-failure.js';
export { ERROR_CODES, type ErrorCode, errorCodes, isErrorCode } from './errors/error-codes.js';
export { type AGUITool, toAGUITools } from './formats/ag-ui.js';
export { type AnthropicTool, toAnthropicTools } from './formats/anthropic.js';
export { formatTools } from './formats/format-tools.js';
export { type GeminiFunctionDeclaration, toGeminiTools } from './formats/gemini.js';
export { type GeminiSchema, type GeminiType, toGeminiSchema } from './formats/gemini-schema.js';
export { type MCPTool, type MCPToolAnnotations, toMCPTools } from './formats/mcp.js';
export { omitStrictNulls } from './formats/omit-strict-nulls.js';
export { type OpenAIChatTool, toOpenAIChatTools } from './formats/openai-chat.js';
export { type OpenAIResponsesTool, toOpenAIResponsesTools } from './formats/openai-responses.js';
export { type StrictConversion, toStrictSchema } from './formats/strict-schema.js';
export {
  ANTHROPIC_NAMES,
  GEMINI_NAMES,
  legalizeNames,
  MCP_NAMES,
  type NameRule,
  OPENAI_NAMES,
  toolNameTables,
} from './formats/tool-names.js';
export type { FormatOptions, FormattedTools, ToolFormat, ToolSource, ToolWarning } from './formats/types.js';
export { TOOL_FORMATS } from './formats/types.js';
export type { CallObserver, CallWatcher, ObservedCall } from './observe/call-observer.js';
export { createEmitter, type Emitter } from './observe/emitter.js';
export type { RegistryEvents } from './observe/events.js';
export { silentLogger } from './observe/logger.js';
export { PIPELINE } from './pipeline/run-pipeline.js';
export { errorForModel } from './pipeline/shape-result.js';
export {
  APPROVAL_STATUSES,
  type ApprovalChange,
  type ApprovalDecision,
  type ApprovalFilter,
  type ApprovalStatus,
  type ApprovalStore,
  type ApprovalTransition,
  type PendingApproval,
  statusMatches,
} from './ports/approval-store.js';
export {
  type AuditApproval,
  type AuditLog,
  type AuditPage,
  type AuditQuery,
  type AuditRecord,
  type AuditSink,
  createMemoryAuditLog,
} from './ports/audit-sink.js';
export {
  type ChatMessage,
  type ChatRole,
  type ConversationSession,
  type ConversationStore,
  ConversationStoreError,
  type ConversationStoreErrorKind,
  checkChatMessage,
  checkConversationSession,
  conversationPageSize,
  type NewChatMessage,
  type NewConversationSession,
  type SessionPage,
} from './ports/conversation-store.js';
export type { EventRelay, RelayMessage } from './ports/event-relay.js';
export {
  createMemoryIdempotencyStore,
  type IdempotencyClaim,
  type IdempotencyState,
  type IdempotencyStore,
  type InterruptedClaim,
  type StoredOutcome,
} from './ports/idempotency-store.js';
export { createMemoryApprovalStore } from './ports/memory-approval-store.js';
export { createMemoryConversationStore } from './ports/memory-conversation-store.js';
export { createMemoryRateLimiter, type RateDecision, type RateLimiter } from './ports/rate-limiter.js';
export {
  createMemorySessionHistory,
  type MemorySessionHistory,
  type SessionHistory,
} from './ports/session-history.js';
export { createMemoryStore, type Store } from './ports/store.js';
export type { RankField } from './ranking/document-terms.js';
export { EmbeddingError } from './ranking/embedding-error.js';
export type { Grounding, GroundingWeights } from './ranking/grounding.js';
export {
  createLexicalRanker,
  DEFAULT_THRESHOLD,
  DEFAULT_WEIGHTS,
  type Explained,
  type LexicalRanker,
  type LexicalRankerOptions,
  type RankedAndExplained,
  tokenize,
} from './ranking/lexical-ranker.js';
export { createOpenAIEmbedder, type OpenAIEmbedderOptions } from './ranking/openai-embedder.js';
export { type RankActionsOptions, rankActions } from './ranking/rank-actions.js';
export { rankDocumentOf } from './ranking/rank-document.js';
export type { Components, RelevanceWeights } from './ranking/relevance.js';
export { DEFAULT_RELEVANCE_WEIGHTS } from './ranking/relevance.js';
export {
  createSemanticRanker,
  type SemanticRanker,
  type SemanticRankerOptions,
} from './ranking/semantic-ranker.js';
export { type Suggestion, type SuggestNextOptions, suggestNext } from './ranking/suggest-next.js';
export type { Embedder, RankDocument, Ranker, RankHit, RankParameter } from './ranking/types.js';
export {
  createWordVectorRanker,
  DEFAULT_GROUNDING,
  DEFAULT_WORD_VECTOR_THRESHOLD,
  type WordVectorExplained,
  type WordVectorRanker,
  type WordVectorRankerOptions,
} from './ranking/word-vector-ranker.js';
export type { WordVectors } from './ranking/word-vectors.js';
export { maskSecrets, REDACTED } from './redact/mask-secrets.js';
export { redactText } from './redact/redact-value.js';
export { isSecretKey } from './redact/secret-keys.js';
export type { Approvals } from './registry/approvals.js';
export type { AvailableAction, AvailableQuery } from './registry/available.js';
export {
  createRegistry,
  type Registrable,
  type Registry,
  type RegistryOptions,
  type ToolsQuery,
} from './registry/create-registry.js';
export type { ArgLimits, Policy, TargetResolver } from './registry/runtime.js';
export { compileValidator, type Validation, type Validator } from './schema/compile-validator.js';
export { isStandardSchema, jsonSchemaOf } from './schema/json-schema-of.js';
export {
  type AGUIEncoder,
  type AGUIEncoderOptions,
  type AGUIEvent,
  type AGUIFinish,
  createAGUIEncoder,
  createPartialJsonParser,
  createToolCallAssembler,
  detectStreamFormat,
  type JsonValue,
  PartialJsonError,
  type PartialJsonErrorCode,
  type PartialJsonOptions,
  type PartialJsonParser,
  type PartialJsonStatus,
  STREAM_FORMATS,
  type StreamFormat,
  type TextPosition,
  type ToolCallAssembler,
  type ToolCallAssemblerOptions,
  type ToolCallError,
  type ToolCallPart,
  type ToolCallState,
  type ToolCallStatus,
  type ToolExecutor,
  type ToolStreamErrorCode,
  toAGUIEvents,
} from './streaming/index.js';
export {
  type ActionParseError,
  type ActionParseErrorCode,
  type ActionTextFormat,
  type ParseActionsOptions,
  type ParsedActionCall,
  type ParsedActions,
  parseActions,
  type RenderActionsPromptOptions,
  renderActionsPrompt,
  type TextSpan,
} from './text/index.js';
export { MAX_CALL_ID_LENGTH, storableText, textProblem } from './util/check-text.js';
