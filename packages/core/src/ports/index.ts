export { MAX_CALL_ID_LENGTH, storableText, textProblem } from '../util/check-text.js';
export {
  type AgentRunChange,
  type AgentRunStatus,
  type AgentRunStore,
  createMemoryAgentRunStore,
  type StoredAgentRun,
} from './agent-run-store.js';
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
} from './approval-store.js';
export {
  type AuditApproval,
  type AuditLog,
  type AuditPage,
  type AuditQuery,
  type AuditRecord,
  type AuditSink,
  createMemoryAuditLog,
} from './audit-sink.js';
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
  type ProviderData,
  type SessionPage,
  type ToolCallRecord,
  type ToolResultRecord,
} from './conversation-store.js';
export type { EventRelay, RelayMessage } from './event-relay.js';
export {
  createMemoryIdempotencyStore,
  type IdempotencyClaim,
  type IdempotencyState,
  type IdempotencyStore,
  type InterruptedClaim,
  type StoredOutcome,
} from './idempotency-store.js';
export { createMemoryApprovalStore } from './memory-approval-store.js';
export { createMemoryConversationStore } from './memory-conversation-store.js';
export { createMemoryRateLimiter, type RateDecision, type RateLimiter } from './rate-limiter.js';
export {
  createMemorySessionHistory,
  type MemorySessionHistory,
  type SessionHistory,
} from './session-history.js';
export { createMemoryStore, type Store } from './store.js';
