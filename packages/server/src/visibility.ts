import type { User } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';
import { decisionRefusal } from './approval-policy.js';
import type { RouteDeps } from './server-env.js';

/** What one request's user may see of other users' calls (audit records, live call events, approvals). */
export interface Visibility {
  /** Every user's audit records and calls; else only the user's own. */
  readonly allCalls: boolean;
  /** Whether the user may see an approval: only those who may decide it do. */
  readonly approval: (approval: PendingApproval) => boolean;
}

const holds = (user: User, roles: readonly string[]) =>
  Array.isArray(user.roles) && user.roles.some((role) => roles.includes(role));

/**
 * Without API keys the only user is the local one, who sees everything. With keys, users holding one of the
 * auditor roles see every call, anyone else their own; an approval is listed only to those who may decide it.
 */
export function visibilityOf(user: User, deps: RouteDeps): Visibility {
  if (!deps.keyed) return { allCalls: true, approval: () => true };
  return {
    allCalls: holds(user, deps.auditorRoles),
    approval: (approval) => decisionRefusal(user, approval, deps) === undefined,
  };
}

/** Whether the user may see this approval (and its events): only if they may decide it. */
export function seesApproval(visibility: Visibility, approval: PendingApproval): boolean {
  return visibility.approval(approval);
}
