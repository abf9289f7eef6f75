import type { Registry } from '@affordance/core';
import type { RunState, RunToolApprovalItem } from '@openai/agents';
import { readRunContext } from './agents-context.js';

/** A person's decision on one of a run's interruptions. */
export interface ApprovalVerdict {
  readonly approved: boolean;
  /** Who decided (kept in the approval store and the audit log). */
  readonly by: string;
  readonly reason?: string;
}

interface Noted {
  readonly by: string;
  readonly reason: string | undefined;
}

// Who approved, per run context, until the resumed run's `execute` records it in the approval store.
const decided = new WeakMap<object, Map<string, Noted>>();

/** The decision `decideApproval` noted for an approval of this run, taken once. */
export function decisionFor(runContext: object | undefined, approvalId: string): Noted | undefined {
  const noted = runContext ? decided.get(runContext) : undefined;
  const decision = noted?.get(approvalId);
  noted?.delete(approvalId);
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
  const [approval] =
    typeof callId === 'string'
      ? await registry.approvals.list({
          status: 'pending',
          idempotencyKey: callId,
          sessionId: caller.sessionId,
        })
      : [];
  if (verdict.approved) {
    if (approval) {
      const noted = decided.get(state._context) ?? new Map<string, Noted>();
      noted.set(approval.id, { by: verdict.by, reason: verdict.reason });
      decided.set(state._context, noted);
    }
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
