import { type AgentRunStore, createMemoryAgentRunStore } from './agent-run-store.js';
import type { ApprovalStore } from './approval-store.js';
import { type AuditLog, createMemoryAuditLog } from './audit-sink.js';
import type { EventRelay } from './event-relay.js';
import { createMemoryIdempotencyStore, type IdempotencyStore } from './idempotency-store.js';
import { createMemoryApprovalStore } from './memory-approval-store.js';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.js';
import { createMemorySessionHistory, type SessionHistory } from './session-history.js';

/** Every port the run pipeline keeps state in. */
export interface Store {
  readonly audit: AuditLog;
  readonly approvals: ApprovalStore;
  /** Agent runs paused on an interrupt (an approval), with the state their resume continues from. */
  readonly agentRuns: AgentRunStore;
  readonly idempotency: IdempotencyStore;
  readonly rateLimiter: RateLimiter;
  readonly history: SessionHistory;
  /** Carries live events between the processes sharing this store (absent: one process sees only its own). */
  readonly events?: EventRelay;
  /** Write out anything buffered (a batched audit log); servers call it before they stop. */
  flush?(): Promise<void>;
  /** Flush and release connections. */
  close?(): Promise<void>;
}

/** All ports held in memory: the default for a registry, and the reference for the store contract suite. */
export function createMemoryStore(): Store {
  return {
    audit: createMemoryAuditLog(),
    approvals: createMemoryApprovalStore(),
    agentRuns: createMemoryAgentRunStore(),
    idempotency: createMemoryIdempotencyStore(),
    rateLimiter: createMemoryRateLimiter(),
    history: createMemorySessionHistory(),
  };
}
