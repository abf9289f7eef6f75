import type { Registry } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';

/**
 * The approval a tool call asked for, found by the idempotency key the adapter gave the call (the SDK's call id):
 * a run resumed from a serialized RunState in another process has nothing else to find it by.
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
