import type { Registry, RunResult } from '@affordance/core';

/** Results of approved calls asked for over MCP, kept so `approval_status` can hand them to the caller later. */
export interface ApprovalResults {
  /** Watch the call behind an approval this server answered with `approval_required`. */
  track(approvalId: string, callId: string): void;
  /** The result of the approved run, once this process saw it end. */
  get(approvalId: string): RunResult | undefined;
  close(): void;
}

/**
 * Keep the results of the newest `capacity` approvals asked for over MCP (default 1,000), from the registry's
 * `call-end` events: an approved call ends under the call id it was asked with. A result seen by another process
 * (a shared store) is not here; `approval_status` then answers from the approval store alone.
 */
export function createApprovalResults(registry: Registry, capacity = 1_000): ApprovalResults {
  // Insertion order is age order; both maps drop their oldest entry when full.
  const watched = new Map<string, string>();
  const results = new Map<string, RunResult>();
  const bounded = <TValue>(map: Map<string, TValue>, key: string, value: TValue) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > capacity) map.delete(map.keys().next().value as string);
  };
  const stop = registry.on('call-end', ({ callId, result }) => {
    const approvalId = watched.get(callId);
    // The first end of such a call is the pause itself (`approval_required`), seen before `track`.
    if (approvalId === undefined || (!result.ok && result.error.code === 'approval_required')) return;
    watched.delete(callId);
    bounded(results, approvalId, result);
  });
  return {
    track: (approvalId, callId) => bounded(watched, callId, approvalId),
    get: (approvalId) => results.get(approvalId),
    close: stop,
  };
}
