import { type AnyAction, isErrorCode, type Registry, type RunResult, type User } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { APPROVAL_META_KEY } from './approval-flow.js';
import { toCallToolResult } from './call-result.js';
import { canSee } from './can-see.js';
import type { ServeContext } from './serve-context.js';
import type { MCPCaller } from './types.js';

const STATUS_SCHEMA = {
  type: 'object',
  properties: {
    approvalId: { type: 'string' },
    name: { type: 'string' },
    status: { type: 'string' },
    decidedBy: { type: 'string' },
    reason: { type: 'string' },
  },
  required: ['approvalId', 'name', 'status'],
} as const;

/** The status tool's definition, listed to callers who can see at least one action needing approval. */
export function approvalStatusTool(name: string): Tool {
  return {
    name,
    title: 'Approval status',
    description:
      'Where a call that waits for a person stands: pending, running, or its result once it ran (or the denial). ' +
      'Pass the approvalId a tool result named.',
    inputSchema: {
      type: 'object',
      properties: {
        approvalId: { type: 'string', description: 'The id a waiting call answered with (apr_…)' },
      },
      required: ['approvalId'],
      additionalProperties: false,
    },
    outputSchema: STATUS_SCHEMA as unknown as Tool['outputSchema'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  };
}

/** Whether `user` sees any action that may pause for approval (then the status tool is listed). */
export function needsStatusTool(registry: Registry, user: User | undefined): boolean {
  return registry.list().some((action) => pauses(action) && canSee(action, user));
}

function pauses(action: AnyAction): boolean {
  return Boolean(action.approval) && action.approval !== 'never';
}

/**
 * Answer the status tool: only the caller who asked for the call (the same user, or the same session when there is
 * no user) learns anything; any other id answers as unknown. A call that ran answers with its own result, as the
 * approval store kept it (so after a restart too, and from whichever process ran it).
 */
export async function callApprovalStatus(
  shared: ServeContext,
  caller: MCPCaller,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const id = args.approvalId;
  if (typeof id !== 'string' || id === '')
    return failure('approvalId is required: the id (apr_…) a waiting call answered with');
  const approval = await shared.registry.approvals.get(id);
  if (!approval || !isRequester(approval, caller)) return failure(`there is no approval ${id} of yours`);
  const structured = {
    approvalId: approval.id,
    name: approval.name,
    status: approval.status,
    ...(approval.decidedBy ? { decidedBy: approval.decidedBy } : {}),
    ...(approval.reason ? { reason: approval.reason } : {}),
  };
  const meta = { [APPROVAL_META_KEY]: { id: approval.id, status: approval.status } };
  const ran = ranResult(approval);
  const action = shared.registry.get(approval.name);
  if (ran && action) {
    const own = toCallToolResult(ran, action);
    return { ...own, structuredContent: structured, _meta: { ...own._meta, ...meta } };
  }
  return {
    content: [{ type: 'text', text: describe(approval) }],
    structuredContent: structured,
    ...(approval.status === 'denied' || approval.status === 'expired' || approval.status === 'failed'
      ? { isError: true }
      : {}),
    _meta: meta,
  };
}

/** The result of the approved run as the approval store kept it with its outcome, once it ran. */
function ranResult(approval: PendingApproval): RunResult | undefined {
  const outcome = approval.outcome;
  if (outcome?.modelOutput === undefined) return undefined;
  const meta = {
    callId: approval.callId,
    name: approval.name,
    durationMs: 0,
    modelOutput: outcome.modelOutput,
  };
  if (outcome.ok) return { ok: true, value: outcome.value, ...meta };
  const code = outcome.errorCode;
  return {
    ok: false,
    error: { code: isErrorCode(code) ? code : 'handler_error', message: outcome.message ?? '' },
    ...meta,
  };
}

/** The same principal asked for it: user id and tenant, or, for a call without a user, the same session. */
function isRequester(approval: PendingApproval, caller: MCPCaller): boolean {
  if (approval.user?.id !== undefined)
    return approval.user.id === caller.user?.id && approval.user.tenantId === caller.user?.tenantId;
  return (
    caller.user === undefined && approval.sessionId !== undefined && approval.sessionId === caller.sessionId
  );
}

function describe(approval: PendingApproval): string {
  const call = `${approval.name} (approval ${approval.id})`;
  const by = approval.decidedBy ? ` by ${approval.decidedBy}` : '';
  const why = approval.reason ? `: ${approval.reason}` : '';
  switch (approval.status) {
    case 'pending':
      return `${call} is waiting for a person's decision; ask again later and do not call it again.`;
    case 'approved':
    case 'running':
      return `${call} was approved${by} and is running; ask again later.`;
    case 'done':
      return `${call} was approved${by} and ran successfully; its result was not kept.`;
    case 'failed':
      return `${call} was approved${by} but failed${approval.outcome?.message ? `: ${approval.outcome.message}` : ''}.`;
    case 'interrupted':
      return `${call} was interrupted while it ran; a person may retry it.`;
    case 'denied':
      return `${call} was denied${by}${why}. Do not retry it; ask the user what to do instead.`;
    case 'expired':
      return `${call} expired: nobody decided in time. Ask the user whether to call it again.`;
    default: {
      const never: never = approval.status;
      return `${call} is ${String(never)}.`;
    }
  }
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
