import type { AnyAction, User } from '@affordance/core';

/**
 * Whether `user` may see and call `action` over MCP: render-only actions never, role-gated actions only with one
 * of the roles (an anonymous caller holds none). Stricter than `registry.available()`, which skips the role check
 * when no user is given.
 */
export function canSee(action: AnyAction, user: User | undefined): boolean {
  if (action.available === 'disabled') return false;
  const roles = action.roles;
  if (!roles || roles.length === 0) return true;
  const held = user && Array.isArray(user.roles) ? user.roles : [];
  return held.some((role) => roles.includes(role));
}
