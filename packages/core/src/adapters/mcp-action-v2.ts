import type { StandardSchemaV1 } from '@standard-schema/spec';
import { defineDynamicAction } from '../action/define-action.js';
import type { ActionContext, AnyAction, JsonSchema } from '../action/types.js';
import { ActionFailure } from '../errors/action-failure.js';

/** The request an MCP Action Spec v2 `actionFn` receives: args, shared context, infrastructure, session. */
export interface MCPRequest {
  args?: Record<string, any>;
  context: Record<string, any>;
  sessionId?: string;
  /** The spec's structured logging: a log record, and progress to whoever watches the call (UI, MCP, the model). */
  logAgentProgress?: LogAgentProgress;
  /** Infrastructure from `ctx.services` (e.g. `supabase`) is spread onto the request, as the spec reads it. */
  [service: string]: unknown;
}

/** Details of one `logAgentProgress` record: how far along (default: the count of records so far), and data. */
export interface AgentProgressDetails {
  readonly progress?: number;
  readonly total?: number;
  readonly level?: 'debug' | 'info' | 'warn' | 'error';
  readonly data?: Record<string, unknown>;
}

/** `logAgentProgress(message, details?)` of the MCP Action Spec v2. */
export type LogAgentProgress = (message: string, details?: AgentProgressDetails) => void;

/**
 * Log a step of an `actionFn` the spec's way: `logAgentProgress(request, 'Fetched profiles', { progress: 1, total:
 * 3 })`. A request that did not come through `fromMCPActionV2` (a unit test) has no reporter: nothing happens.
 */
export function logAgentProgress(request: MCPRequest, message: string, details?: AgentProgressDetails): void {
  request.logAgentProgress?.(message, details);
}

/** A `logAgentProgress` over a call's context: a structured log record, then `ctx.progress`. */
function progressReporter(spec: MCPActionV2, ctx: ActionContext): LogAgentProgress {
  let count = 0;
  return (message, details = {}) => {
    count++;
    const level = details.level ?? 'info';
    ctx.logger[level]({ action: spec.id, callId: ctx.callId, ...details.data }, message);
    ctx.progress({
      progress: details.progress ?? count,
      ...(details.total !== undefined ? { total: details.total } : {}),
      message,
    });
  };
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
        logAgentProgress: progressReporter(spec, ctx),
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
