import { createRegistry, defineAction } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authenticate, localUser } from './authenticate.js';

const action = (name: string, roles?: string[]) =>
  defineAction({
    name,
    description: `The ${name} action`,
    input: z.object({}),
    ...(roles ? { roles } : {}),
    handler: () => name,
  });

describe('localUser', () => {
  it('holds every role the actions ask for, and follows the registry when actions come and go', () => {
    const registry = createRegistry({ actions: [action('read'), action('edit', ['editor'])] });
    const first = localUser(registry);
    expect(first).toEqual({ id: 'local', name: 'Local user', roles: ['editor'] });
    // Unchanged registry: the same user, not worked out again.
    expect(localUser(registry)).toBe(first);
    const remove = registry.register(action('purge', ['admin', 'editor']));
    expect(localUser(registry).roles).toEqual(['admin', 'editor']);
    remove();
    expect(localUser(registry).roles).toEqual(['editor']);
  });

  it('is the user of key-less requests from this machine, and refuses other addresses', () => {
    const registry = createRegistry({ actions: [action('edit', ['editor'])] });
    const request = (remoteAddress: string | undefined) =>
      authenticate({ users: undefined, registry, authorization: undefined, remoteAddress });
    expect(request('127.0.0.1').roles).toEqual(['editor']);
    expect(request(undefined).id).toBe('local');
    expect(() => request('10.0.0.2')).toThrow(/only answers requests from this machine/);
  });
});
