// The kernel's everyday names: actions, the registry and its run pipeline, errors, the validators, the memory
// store and the observer types. Everything else is on an entry point: single ports and their records on
// `@affordance/core/ports`, the six format adapters and their tool types on `/formats`, and the features on
// `/streaming`, `/ranking`, `/text`, `/agent`, `/detect`, `/adapters`, `/tracing`, `/redact`. The few feature names
// in the public contract (DESIGN §5) are re-exported here (`sideEffects: false` keeps them out of bundles that do
// not use them); `index.test.ts` pins this list.
export { runtimeJsonValidator } from '#json-validator';
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
  InputRequest,
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
// The public contract's feature names (DESIGN §5), also on their entry points.
export { runAgent } from './agent/run-agent.js';
export { type ActionError, actionError, type Issue } from './errors/action-error.js';
export { ActionFailure } from './errors/action-failure.js';
export { AffordanceError, isKernelError } from './errors/affordance-error.js';
export { approvalIdOf } from './errors/approval-id-of.js';
export {
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeInfo,
  errorCodes,
  isErrorCode,
  type KernelErrorCode,
  kernelErrorCodes,
} from './errors/error-codes.js';
export { TOOL_FORMATS, type ToolFormat } from './formats/types.js';
export type { CallObserver, CallWatcher, ObservedCall } from './observe/call-observer.js';
export { createEmitter, type Emitter } from './observe/emitter.js';
export type { RegistryEvents } from './observe/events.js';
export { silentLogger } from './observe/logger.js';
export { PIPELINE } from './pipeline/pipeline.js';
export type { CallPreview } from './pipeline/preview-call.js';
export type { ArgLimits, Policy, TargetResolver } from './pipeline/runtime.js';
export { errorForModel } from './pipeline/shape-result.js';
export { createMemoryStore, type Store } from './ports/store.js';
export type { Approvals, DeniedCall } from './registry/approvals.js';
export type { AvailableAction, AvailableQuery, RankIntent } from './registry/available.js';
export {
  createRegistry,
  type Registrable,
  type Registry,
  type RegistryOptions,
  type ToolsQuery,
} from './registry/create-registry.js';
export { ajvValidator } from './schema/ajv-validator.js';
export { compileValidator, type Validation, type Validator } from './schema/compile-validator.js';
export { cspSafeValidator } from './schema/csp-safe-validator.js';
export { isStandardSchema, jsonSchemaOf } from './schema/json-schema-of.js';
export type { JsonSchemaValidator } from './schema/json-schema-validator.js';
export { createToolCallAssembler } from './streaming/create-tool-call-assembler.js';
export { createPartialJsonParser } from './streaming/partial-json-parser.js';
export { parseActions } from './text/parse-actions.js';
export { renderActionsPrompt } from './text/render-actions-prompt.js';
