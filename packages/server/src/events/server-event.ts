import type { Registry, RegistryEvents, RunResult } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';
import { redactApproval } from '../redact-approval.js';
import { redactResult } from '../redact-result.js';

/** One event of `GET /api/events`, as JSON in the SSE `data` field; the SSE `event` field repeats `type`. */
export type ServerEvent =
  | { readonly type: 'ready'; readonly version: number }
  | {
      readonly type: 'change';
      readonly version: number;
      readonly added: readonly string[];
      readonly removed: readonly string[];
    }
  | {
      readonly type: 'call-start';
      readonly callId: string;
      readonly toolCallId: string | undefined;
      readonly name: string;
      readonly userId: string | undefined;
      readonly sessionId: string | undefined;
      readonly depth: number;
      readonly parentCallId: string | undefined;
    }
  | {
      readonly type: 'call-end';
      readonly callId: string;
      readonly result: RunResult;
      readonly target: { readonly type: string; readonly id: string } | undefined;
      readonly depth: number;
      /** Set on an event relayed from another process whose result was too large to carry whole. */
      readonly shortened?: true;
    }
  | { readonly type: 'approval-requested'; readonly approval: PendingApproval }
  | { readonly type: 'approval-decided'; readonly approval: PendingApproval };

/**
 * The registry events a server shows, each turned into its `ServerEvent`: an approval's arguments and context
 * redacted as the audit log redacts them (`redactApproval`), and a call's result by the generic rules
 * (`redactResult`).
 */
export const SERVER_EVENT_SHAPES: {
  readonly [K in 'change' | 'call-start' | 'call-end' | 'approval-requested' | 'approval-decided']: (
    event: RegistryEvents[K],
    registry: Registry,
  ) => ServerEvent;
} = {
  change: (event) => ({ type: 'change', ...event }),
  'call-start': (event) => ({
    type: 'call-start',
    callId: event.callId,
    toolCallId: event.toolCallId,
    name: event.name,
    userId: event.user?.id,
    sessionId: event.sessionId,
    depth: event.depth,
    parentCallId: event.parentCallId,
  }),
  'call-end': (event, registry) => ({
    type: 'call-end',
    callId: event.callId,
    result: redactResult(registry, event.result),
    target: event.target ? { type: event.target.type, id: event.target.id } : undefined,
    depth: event.depth,
  }),
  'approval-requested': (event, registry) => ({
    type: 'approval-requested',
    approval: redactApproval(registry, event.approval),
  }),
  'approval-decided': (event, registry) => ({
    type: 'approval-decided',
    approval: redactApproval(registry, event.approval),
  }),
};

const RELAYED_TYPES = new Set(['call-start', 'call-end', 'approval-requested', 'approval-decided']);

/** Whether a value relayed from another process looks like an event worth showing (they share a database, but
 * a malformed message must not reach a console). */
export function isRelayedEvent(value: unknown): value is ServerEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as { type?: unknown; callId?: unknown; approval?: unknown; result?: unknown };
  if (typeof event.type !== 'string' || !RELAYED_TYPES.has(event.type)) return false;
  if (event.type === 'call-start') return typeof event.callId === 'string';
  if (event.type === 'call-end')
    return typeof event.callId === 'string' && typeof event.result === 'object' && event.result !== null;
  return typeof event.approval === 'object' && event.approval !== null;
}
