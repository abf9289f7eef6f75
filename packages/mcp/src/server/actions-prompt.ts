import { type Registry, renderActionsPrompt } from '@affordance/core';
import { canSee } from './can-see.js';
import type { MCPPrompt } from './types.js';

/**
 * The built-in prompt for clients without tool support: the text protocol's "## AVAILABLE ACTIONS" section for the
 * caller's actions (role-filtered like `tools/list`), optionally narrowed by a relevance `query`.
 */
export function actionsPrompt(
  registry: Registry,
  options: { readonly name?: string; readonly targetParam?: string } = {},
): MCPPrompt {
  return {
    name: options.name ?? 'available_actions',
    title: 'Available actions',
    description:
      'The actions this server offers, written as a prompt section: reply with one JSON action object per turn. For clients without tool support.',
    arguments: [
      { name: 'query', description: 'Only actions relevant to this text', required: false },
      {
        name: 'format',
        description: "'json' (default) or 'fenced' (inside ```agent-action blocks)",
        required: false,
      },
    ],
    get(args, caller) {
      const format = args.format === 'fenced' ? 'fenced' : 'json';
      const text = renderActionsPrompt({
        registry: {
          available: (query) =>
            registry.available(query).filter((entry) => canSee(entry.action, caller.user)),
        },
        format,
        ...(caller.user ? { user: caller.user } : {}),
        ...(args.query ? { query: args.query } : {}),
        ...(options.targetParam ? { targetParam: options.targetParam } : {}),
      });
      return {
        description: 'Available actions',
        messages: [{ role: 'user', content: { type: 'text', text } }],
      };
    },
  };
}
