import type { PendingApproval, User } from '@affordance/core';
import type { RouteDeps } from './server-env.js';

/** What one request's user may see of other users' calls (audit records, live call events, approvals). */
export interface Visibility {
  /** Every user's audit records and calls; else only the user's own. */
  readonly allCalls: boolean;
  /** Every pending or decided approval (those who may decide must see them); else only the user's own requests. */
  readonly allApprovals: boolean;
}

const holds = (user: User, roles: readonly string[]) =>
  Array.isArray(user.roles) && user.roles.some((role) => roles.includes(role));

/**
 * Without API keys the only user is the local one, who sees everything. With keys, users holding one of the
 * auditor roles see every call; approvers (everyone, when no approver roles are set) see every approval; anyone
 * else sees their own.
 */
export function visibilityOf(user: User, deps: RouteDeps): Visibility {
  if (!deps.keyed) return { allCalls: true, allApprovals: true };
  const allCalls = holds(user, deps.auditorRoles);
  return {
    allCalls,
    allApprovals: allCalls || deps.approverRoles === undefined || holds(user, deps.approverRoles),
  };
}

/** Whether the user may see this approval. */
export function seesApproval(visibility: Visibility, user: User, approval: PendingApproval): boolean {
  return visibility.allApprovals || approval.user?.id === user.id;
}
