import type { AnyAction, User } from './types.js';

/** Why `user` may not run `action` ("requires role editor; …"), or undefined when allowed. */
export function missingRole(action: AnyAction, user: User | undefined): string | undefined {
  const roles = action.roles;
  if (!roles || roles.length === 0) return undefined;
  const held = user && Array.isArray(user.roles) ? user.roles : [];
  for (let index = 0; index < held.length; index++) if (roles.includes(held[index]!)) return undefined;
  const needed = roles.length === 1 ? `role ${roles[0]}` : `one of the roles ${roles.join(', ')}`;
  if (!user) return `requires ${needed}, and the call has no user`;
  return `requires ${needed}; user ${user.id} has ${held.length ? `roles ${held.join(', ')}` : 'no roles'}`;
}
