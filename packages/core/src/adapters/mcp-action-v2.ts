import type { StandardSchemaV1 } from '@standard-schema/spec';
import { defineDynamicAction } from '../action/define-action.js';
import type { ActionContext, AnyAction, JsonSchema } from '../action/types.js';
import { ActionFailure } from '../errors/action-failure.js';

/** The request an MCP Action Spec v2 `actionFn` receives: args, shared context, infrastructure, session. */
export interface MCPRequest {
  args?: Record<string, any>;
  context: Record<string, any>;
  sessionId?: string;
  /** Infrastructure from `ctx.services` (e.g. `supabase`) is spread onto the request, as the spec reads it. */
  [service: string]: unknown;
}

/** What an `actionFn` returns; `dataForDownstreamPrompt` is what the model reads back. */
export interface MCPResponse {
  dataForDownstreamPrompt?: unknown;
  [key: string]: unknown;
}

/** An action written to the MCP Action Specification v2, accepted as it is. */
export interface MCPActionV2 {
  id: string;
  title: string;
  description: string;
  applicableRoles: string[];
  capabilityTags: string[];
  /** Deprecated in the spec; used only when there is no `argsSchema`. */
  requiredInputs?: string[];
  tags: string[];
  suggestedPrerequisites: string[];
  suggestedPostrequisites: string[];
  usesAI: boolean;
  argsSchema?: StandardSchemaV1 | JsonSchema;
  getDefaultArgs?: (context: Record<string, any>) => Record<string, any>;
  actionFn: (request: MCPRequest) => Promise<MCPResponse>;
  /** Shared context keys the action needs (`sessionId` is satisfied by the call's session). */
  requiredContext?: string[];
  requiredArgs?: string[];
}

/** Options for `fromMCPActionV2`. */
export interface FromMCPActionV2Options {
  /** Enforce `suggestedPrerequisites` as `requires` (default false: they stay suggestions in `meta`). */
  readonly enforcePrerequisites?: boolean;
}

/**
 * Turn an MCP Action Spec v2 object into an action: roles from `applicableRoles`, capabilities from
 * `capabilityTags`, defaults from `getDefaultArgs`, follow-ups from `suggestedPostrequisites`, and a handler that
 * calls `actionFn` with `{ args, context, sessionId, ...services }` and feeds `dataForDownstreamPrompt` to the model.
 */
export function fromMCPActionV2(spec: MCPActionV2, options: FromMCPActionV2Options = {}): AnyAction {
  const requiredContext = spec.requiredContext ?? [];
  const contextKeys = requiredContext.filter((key) => key !== 'sessionId');
  return defineDynamicAction({
    name: spec.id,
    title: spec.title,
    description: spec.description,
    input: spec.argsSchema ?? legacyInputSchema(spec.requiredInputs ?? spec.requiredArgs ?? []),
    roles: spec.applicableRoles,
    capabilities: spec.capabilityTags,
    tags: spec.tags,
    usesAI: spec.usesAI,
    next: spec.suggestedPostrequisites,
    ...(options.enforcePrerequisites ? { requires: spec.suggestedPrerequisites } : {}),
    meta: { source: 'mcp-action-v2', suggestedPrerequisites: spec.suggestedPrerequisites, requiredContext },
    ...(spec.getDefaultArgs
      ? { defaults: (context: Record<string, unknown>) => spec.getDefaultArgs!(context) }
      : {}),
    ...(contextKeys.length > 0
      ? {
          when: ({ context }: { context: Record<string, unknown> }) => {
            const missing = contextKeys.filter((key) => context[key] === undefined);
            return missing.length === 0
              ? true
              : { available: false, reason: `needs context ${missing.join(', ')}` };
          },
        }
      : {}),
    toModelOutput: (response: MCPResponse) => {
      const data = response?.dataForDownstreamPrompt ?? response;
      return typeof data === 'string' ? data : JSON.stringify(data);
    },
    handler: async (input: unknown, ctx: ActionContext) => {
      if (requiredContext.includes('sessionId') && !ctx.sessionId) {
        throw new ActionFailure('unavailable', `${spec.id} needs a session; call it with a sessionId`);
      }
      const request: MCPRequest = {
        ...ctx.services,
        args: input as Record<string, unknown>,
        context: ctx.context,
        ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
      };
      return spec.actionFn(request);
    },
  });
}

function legacyInputSchema(required: string[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(required.map((name) => [name, {}])),
    required,
  };
}
