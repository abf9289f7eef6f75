export {
  type AgentActionsConfig,
  type AgentConfig,
  AgentConfigError,
  type AgentConfigIssue,
  type AgentConfigResult,
  type AgentConfigWarning,
  type AgentConfigWarningCode,
  type CompletionCondition,
  type OnFailure,
  type StepConfig,
} from './agent-config.js';
export { agentConfigSchema } from './agent-config-schema.js';
export { type BuiltinHandlerOptions, builtinHandlers } from './builtin-handlers.js';
export { checkFilePath, DEFAULT_FILE_EXTENSIONS, type FilePathPolicy } from './check-file-path.js';
export { type CheckedPath, checkRelativePath } from './check-relative-path.js';
export {
  type ActionDetector,
  type ActionDetectorOptions,
  createActionDetector,
  type DetectionError,
  type DetectionErrorCode,
} from './create-action-detector.js';
export {
  type ActionExecutor,
  type ActionExecutorOptions,
  createActionExecutor,
} from './create-action-executor.js';
export { type ConfiguredActionsOptions, createConfiguredActions } from './create-configured-actions.js';
export { createFileHandler, type FileHandlerOptions } from './file-handler.js';
export { FilePathError, type FilePathErrorCode } from './file-path-error.js';
export type { GithubOptions } from './github-client.js';
export {
  GithubError,
  type GithubErrorDetails,
  type GithubErrorKind,
  type GithubRateLimit,
} from './github-error.js';
export { createGithubCommentHandler, createGithubIssueHandler } from './github-handlers.js';
export { type ActionLogRecord, createLogHandler } from './log-handler.js';
export { createMemoryFileAppender } from './memory-file-appender.js';
export {
  ACTION_TYPES,
  type ActionType,
  BUILTIN_HANDLERS,
  type BuiltinHandlerName,
  type DetectedAction,
  type DetectedActionHandler,
  type DetectedActionResult,
  type ExecutionErrorCode,
  type FileAppender,
  type HandlerContext,
} from './types.js';
export {
  type AgentConfigOptions,
  parseAgentConfig,
  validateAgentConfig,
} from './validate-agent-config.js';
