import { loadOnCall } from '../util/load-on-call.js';
import type { AgentRunStore } from './agent-run-store.js';
import type { ApprovalStore } from './approval-store.js';
import { type AuditLog, createMemoryAuditLog } from './audit-sink.js';
import type { EventRelay } from './event-relay.js';
import type { IdempotencyStore } from './idempotency-store.js';
import type { RateLimiter } from './rate-limiter.js';
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

/**
 * All ports held in memory: the default for a registry, and the reference for the store contract suite. The
 * approval and idempotency stores and the rate limiter are loaded on their first call (`import()`), so a browser
 * bundle that never pauses for approval, replays a key or limits a rate does not carry them.
 */
export function createMemoryStore(): Store {
  return {
    audit: createMemoryAuditLog(),
    approvals: loadOnCall(
      () => import('./memory-approval-store.js').then((module) => module.createMemoryApprovalStore()),
      { create: true, get: true, decide: true, change: true, recover: true, list: true },
    ),
    idempotency: loadOnCall(
      () => import('./idempotency-store.js').then((module) => module.createMemoryIdempotencyStore()),
      { begin: true, renew: true, complete: true, release: true, lapseRunning: true },
    ),
    agentRuns: loadOnCall(
      () => import('./agent-run-store.js').then((module) => module.createMemoryAgentRunStore()),
      { create: true, get: true, change: true, list: true },
    ),
    rateLimiter: memoryRateLimiterOnCall(),
    history: createMemorySessionHistory(),
  };
}

// The memory rate limiter answers synchronously once loaded; only the first call waits for it.
function memoryRateLimiterOnCall(): RateLimiter {
  let limiter: RateLimiter | undefined;
  let loading: Promise<RateLimiter> | undefined;
  const load = () =>
    (loading ??= import('./rate-limiter.js').then((module) => {
      limiter = module.createMemoryRateLimiter();
      return limiter;
    }));
  return {
    consume(request) {
      if (limiter) return limiter.consume(request);
      return load().then((loaded) => loaded.consume(request));
    },
    peek(request) {
      if (limiter) return limiter.peek!(request);
      return load().then((loaded) => loaded.peek!(request));
    },
  };
}
