import { AffordanceError, type Registry, type RunResult } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';
import { interrupt } from '@langchain/langgraph';
import type { ConfigCall } from './call-of-config.js';

/** The value a LangGraph interrupt for an approval carries: what the person is asked to decide. */
export interface ApprovalRequest {
  readonly type: 'affordance-approval';
  readonly approvalId: string;
  /** The action's qualified name. */
  readonly name: string;
  /** The arguments as they will run, secrets hidden. */
  readonly args: unknown;
  readonly toolCallId: string | undefined;
  readonly userId: string | undefined;
  readonly message: string;
}

/** What `Command({ resume })` carries back: the decision, who took it and why. */
export interface ApprovalResume {
  readonly approved: boolean;
  /** Who decided (kept in the approval store and the audit log). */
  readonly by: string;
  readonly reason?: string;
}

/**
 * Pause the graph on an approval with LangGraph's `interrupt()`; when it resumes with a decision, record it in the
 * registry's approval store, which runs an approved call through the pipeline (a denied one ends `approval_denied`).
 */
export async function interruptForApproval(
  registry: Registry,
  approval: PendingApproval,
  call: ConfigCall,
  message: string,
): Promise<RunResult> {
  const request: ApprovalRequest = {
    type: 'affordance-approval',
    approvalId: approval.id,
    name: approval.name,
    args: registry.redact({ name: approval.name, args: approval.args }).args,
    toolCallId: call.toolCallId,
    userId: approval.user?.id,
    message,
  };
  const decision = readResume(interrupt(request), approval.id);
  if (!decision.approved)
    return registry.approvals.deny(approval.id, {
      by: decision.by,
      ...(decision.reason ? { reason: decision.reason } : {}),
    });
  return registry.approvals.approve(approval.id, {
    by: decision.by,
    ...(decision.reason ? { reason: decision.reason } : {}),
    // The requester's roles as they are now, when the resuming config is theirs (not the approver's own).
    ...(call.user && call.user.id === approval.user?.id ? { requester: call.user } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
  });
}

function readResume(value: unknown, approvalId: string): ApprovalResume {
  const given = value as Partial<ApprovalResume> | null | undefined;
  if (
    typeof given !== 'object' ||
    given === null ||
    typeof given.approved !== 'boolean' ||
    typeof given.by !== 'string' ||
    given.by === ''
  ) {
    throw new AffordanceError(
      'invalid_option',
      `approval ${approvalId}: resume with Command({ resume: { approved: true | false, by: 'who decided', reason? } })`,
    );
  }
  return given as ApprovalResume;
}
