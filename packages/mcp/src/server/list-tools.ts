import type { Registry, User } from '@affordance/core';
import { mcpFormat } from '@affordance/core/formats';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { canSee } from './can-see.js';

/**
 * The MCP tools `user` may see: the registry's `mcp` format for the user and context (available actions, schemas
 * as defined, annotations from the behaviour hints), without any tool whose roles the user lacks.
 */
export function listTools(
  registry: Registry,
  user: User | undefined,
  context: Record<string, unknown> | undefined,
): Tool[] {
  const formatted = registry.toolSet({
    format: mcpFormat, // the adapter itself: a browser or worker bundle knows no format by name
    ...(user ? { user } : {}),
    ...(context ? { context } : {}),
  });
  const tools = formatted.tools as Tool[];
  return tools.filter((tool) => {
    const action = registry.get(formatted.names.get(tool.name) ?? tool.name);
    return action !== undefined && canSee(action, user);
  });
}
