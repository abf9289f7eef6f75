import type { Registry } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';

/**
 * The approval a tool call asked for earlier, found by the idempotency key the adapter gave the call (the tool
 * call's id): a LangGraph node runs again from its start when it resumes, and must not ask twice.
 */
export async function findApproval(
  registry: Registry,
  key: string,
  sessionId: string | undefined,
): Promise<PendingApproval | undefined> {
  const pending = await registry.approvals.list({
    status: 'pending',
    ...(sessionId === undefined ? {} : { sessionId }),
  });
  return pending.find((approval) => approval.idempotencyKey === key);
}
