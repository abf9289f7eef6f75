import type { Registry, Target, User } from '@affordance/core';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import type { ServeMCPOptions } from './types.js';

const PREFIX = 'affordance://targets/';

/** The URI template of target resources. */
export const TARGET_URI_TEMPLATE = `${PREFIX}{type}/{id}`;

/** The resource URI of a target: `affordance://targets/{type}/{id}`. */
export function targetUri(target: Pick<Target, 'type' | 'id'>): string {
  return `${PREFIX}${encodeURIComponent(target.type)}/${encodeURIComponent(target.id)}`;
}

/** Type and id from a target resource URI, or undefined for any other URI. */
export function parseTargetUri(uri: string): { type: string; id: string } | undefined {
  if (!uri.startsWith(PREFIX)) return undefined;
  const parts = uri.slice(PREFIX.length).split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  try {
    return { type: decodeURIComponent(parts[0]), id: decodeURIComponent(parts[1]) };
  } catch {
    return undefined;
  }
}

/** Whether targets are served, and the per-user filter. */
export function targetAccess(registry: Registry, options: ServeMCPOptions) {
  const setting = options.targets ?? true;
  const enabled = setting !== false && registry.targets !== undefined;
  const filter = typeof setting === 'object' ? setting.filter : undefined;
  return {
    enabled,
    visible: (target: Target, user: User | undefined) => (filter ? filter(target, user) : true),
  };
}

/** Resource entries for the targets the resolver can list. */
export async function listTargetResources(
  registry: Registry,
  options: ServeMCPOptions,
  user: User | undefined,
): Promise<Resource[]> {
  const access = targetAccess(registry, options);
  const list = access.enabled ? registry.targets?.list : undefined;
  if (!list) return [];
  const targets = await list.call(registry.targets);
  return targets
    .filter((target) => access.visible(target, user))
    .map((target) => ({
      uri: targetUri(target),
      name: `${target.type}:${target.id}`,
      ...(typeof target.title === 'string'
        ? { title: target.title }
        : typeof target.name === 'string'
          ? { title: target.name }
          : {}),
      description: `The ${target.type} ${target.id} as read-only JSON`,
      mimeType: 'application/json',
    }));
}

/** Read a target resource, or undefined when it is not one the caller may see. */
export async function readTargetResource(
  registry: Registry,
  options: ServeMCPOptions,
  uri: string,
  user: User | undefined,
): Promise<ReadResourceResult | undefined> {
  const access = targetAccess(registry, options);
  const ref = parseTargetUri(uri);
  if (!access.enabled || !ref || !registry.targets) return undefined;
  const target = await registry.targets.get(ref.type, ref.id);
  if (!target || !access.visible(target, user)) return undefined;
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(target) }] };
}
