import type { Registry } from '@affordance/core';
import type { RunState, RunToolApprovalItem } from '@openai/agents';
import { readRunContext } from './agents-context.js';
import { findApproval } from './find-approval.js';

/** A person's decision on one of a run's interruptions. */
export interface ApprovalVerdict {
  readonly approved: boolean;
  /** Who decided (kept in the approval store and the audit log). */
  readonly by: string;
  readonly reason?: string;
}

// Who approved, until the resumed run's `execute` records it in the approval store (same process only).
const decided = new Map<string, { readonly by: string; readonly reason: string | undefined }>();

/** The decision `decideApproval` noted for an approval, taken once. */
export function decisionFor(
  approvalId: string,
): { readonly by: string; readonly reason: string | undefined } | undefined {
  const decision = decided.get(approvalId);
  decided.delete(approvalId);
  return decision;
}

/**
 * Decide one interruption of a run, in the SDK's state and in the registry's approval store: approving calls
 * `state.approve(item)` and notes who decided, for the resumed run to record when it runs the call; denying records
 * the denial now (audited, `approval_denied`) and rejects the item with the denial's text for the model. Plain
 * `state.approve(item)` works too (the requester is then recorded as the one who approved); plain `state.reject`
 * leaves the approval pending in the store until it expires.
 */
export async function decideApproval(
  registry: Registry,
  // biome-ignore lint/suspicious/noExplicitAny: any agent's state
  state: RunState<any, any>,
  item: RunToolApprovalItem,
  verdict: ApprovalVerdict,
): Promise<void> {
  const callId = (item.rawItem as { callId?: unknown }).callId;
  const caller = readRunContext(state._context);
  const approval =
    typeof callId === 'string' ? await findApproval(registry, callId, caller.sessionId) : undefined;
  if (verdict.approved) {
    if (approval) decided.set(approval.id, { by: verdict.by, reason: verdict.reason });
    state.approve(item);
    return;
  }
  if (!approval) {
    state.reject(item);
    return;
  }
  const result = await registry.approvals.deny(approval.id, {
    by: verdict.by,
    ...(verdict.reason ? { reason: verdict.reason } : {}),
  });
  state.reject(item, { message: result.modelOutput });
}
