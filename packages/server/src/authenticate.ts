import type { Registry, User } from '@affordance/core';
import { ServerError } from './server-error.js';

/** Who may call the server: API keys, each naming a user and roles. */
export interface ServerUsers {
  /** `Authorization: Bearer <key>` → the user acting. With none, every request acts as the local user. */
  readonly keys?: Readonly<Record<string, User>>;
  /** The user of requests when no keys are configured (default: `local`, holding every role the actions name). */
  readonly local?: User;
}

const localUsers = new WeakMap<Registry, { readonly version: number; readonly user: User }>();

/**
 * The local user: id `local`, holding every role any registered action asks for; worked out again only when the
 * registry's actions change (its `version`).
 */
export function localUser(registry: Registry): User {
  const cached = localUsers.get(registry);
  if (cached && cached.version === registry.version) return cached.user;
  const roles = new Set<string>();
  for (const action of registry.list()) for (const role of action.roles ?? []) roles.add(role);
  const user: User = { id: 'local', name: 'Local user', roles: [...roles].sort() };
  localUsers.set(registry, { version: registry.version, user });
  return user;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether an address is the machine itself (IPv4 127/8 or IPv6 ::1). */
export function isLoopback(address: string): boolean {
  return LOOPBACK.test(address) || address === 'localhost';
}

/**
 * The user of a request: the key's user when keys are configured (401 otherwise), else the local user — refused
 * when the connection's remote address is known and is not the machine itself.
 */
export function authenticate(options: {
  readonly users: ServerUsers | undefined;
  readonly registry: Registry;
  readonly authorization: string | undefined;
  readonly remoteAddress: string | undefined;
}): User {
  const keys = options.users?.keys;
  if (keys && Object.keys(keys).length > 0) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(options.authorization ?? '');
    if (!match) {
      throw new ServerError(
        'unauthorized',
        'this server needs an API key',
        'send Authorization: Bearer <key>',
      );
    }
    const user = Object.hasOwn(keys, match[1]!) ? keys[match[1]!] : undefined;
    if (!user) throw new ServerError('unauthorized', 'the API key is not known to this server');
    return user;
  }
  if (options.remoteAddress !== undefined && !isLoopback(options.remoteAddress)) {
    throw new ServerError(
      'unauthorized',
      'without API keys this server only answers requests from this machine',
      'configure API keys to accept remote requests',
    );
  }
  return options.users?.local ?? localUser(options.registry);
}
