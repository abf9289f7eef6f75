import type { User } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';
import type { RouteDeps } from './server-env.js';

/** Who may decide approvals on a server: separation of duties. */
export interface ApprovalPolicy {
  /** Roles that may decide (with API keys); default `['admin']`. */
  readonly approverRoles: readonly string[];
  /** Whether the user who asked for a call may decide it too (default: only without API keys). */
  readonly allowSelfApproval: boolean;
}

/** The policy a server's options make: approvers default to admins, self-approval only for the keyless local user. */
export function approvalPolicy(options: {
  readonly keyed: boolean;
  readonly approverRoles?: readonly string[];
  readonly allowSelfApproval?: boolean;
}): ApprovalPolicy {
  return {
    approverRoles: options.approverRoles ?? ['admin'],
    allowSelfApproval: options.allowSelfApproval ?? !options.keyed,
  };
}

/**
 * Why `user` may not decide `approval`, or undefined when they may: with API keys only holders of an approver role
 * decide; nobody decides a call they asked for themselves unless self-approval is allowed.
 */
export function decisionRefusal(user: User, approval: PendingApproval, deps: RouteDeps): string | undefined {
  return approverRefusal(user, deps) ?? selfRefusal(user, approval, deps);
}

/** Why `user` may not decide any approval (no approver role, with API keys), or undefined. */
export function approverRefusal(user: User, deps: RouteDeps): string | undefined {
  const { approverRoles } = deps.approvals;
  if (deps.keyed && !user.roles?.some((role) => approverRoles.includes(role))) {
    return `deciding approvals needs one of the roles ${approverRoles.join(', ')}`;
  }
  return undefined;
}

function selfRefusal(user: User, approval: PendingApproval, deps: RouteDeps): string | undefined {
  if (!deps.approvals.allowSelfApproval && approval.user?.id !== undefined && approval.user.id === user.id) {
    return `${user.id} asked for this call and may not decide it; another approver must (separation of duties)`;
  }
  return undefined;
}

/**
 * The requester of an approval as the server knows them now: the user an API key names today (their roles today),
 * null when no key names them any more, undefined when the call was asked without a user.
 */
export function currentRequester(approval: PendingApproval, deps: RouteDeps): User | null | undefined {
  const id = approval.user?.id;
  if (id === undefined) return undefined;
  for (const user of deps.users()) if (user.id === id) return user;
  return null;
}
