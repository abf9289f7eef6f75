import { AffordanceError, type AnyAction, qualifiedName, type RunResult } from '@affordance/core';
import type {
  CallToolResult,
  ElicitRequestFormParams,
  ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { toCallToolResult } from './call-result.js';
import type { HandlerExtra, ServeContext, SessionState } from './serve-context.js';
import type { MCPCaller } from './types.js';

/** The `_meta` key of a call waiting for approval: its id and the tool that reads its outcome. */
export const APPROVAL_META_KEY = 'affordance/approval';
/** Default name of the tool a client polls for an approval's outcome. */
export const APPROVAL_STATUS_TOOL = 'approval_status';

const DEFAULT_ELICIT_TIMEOUT_MS = 10 * 60_000;
const MAX_SHOWN_ARGS = 2_000;

/** The form a person answers (`elicitation/create`, form mode). */
export const APPROVAL_FORM: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    approve: { type: 'boolean', title: 'Approve', description: 'Run the call with the arguments shown' },
    reason: {
      type: 'string',
      title: 'Reason',
      description: 'Optional; kept with the decision',
      maxLength: 500,
    },
  },
  required: ['approve'],
};

/** The name of the status tool, or undefined when it is turned off. */
export function statusToolName(shared: ServeContext): string | undefined {
  const option = shared.options.approvals?.statusTool;
  if (option === false) return undefined;
  return option ?? APPROVAL_STATUS_TOOL;
}

/**
 * Answer a call that paused for approval. When the client can elicit (form mode) and elicitation is not turned
 * off, ask the person: approve runs the call through the approvals inbox (the decision recorded there, by the
 * caller), decline or "no" denies it, and a dismissed, failed or malformed answer leaves it pending. Otherwise (and
 * in those last cases) the tool error names the approval and the status tool that reads its outcome later.
 */
export async function answerApproval(input: {
  readonly shared: ServeContext;
  readonly session: SessionState;
  readonly caller: MCPCaller;
  readonly action: AnyAction;
  readonly result: RunResult;
  readonly extra: HandlerExtra;
}): Promise<CallToolResult> {
  const { shared, session, caller, action, result, extra } = input;
  const approvalId = result.ok ? undefined : result.error.details?.approvalId;
  if (result.ok || result.error.code !== 'approval_required' || typeof approvalId !== 'string')
    return toCallToolResult(result, action);
  const elicit = shared.options.approvals?.elicit ?? true;
  // JSON responses carry no server requests mid-call, so there is no asking there.
  if (
    elicit === false ||
    shared.options.jsonResponse ||
    !session.server.getClientCapabilities()?.elicitation?.form
  )
    return waiting(shared, result, action, approvalId);
  const approval = await shared.registry.approvals.get(approvalId);
  if (!approval || (typeof elicit === 'function' && !elicit(caller, approval)))
    return waiting(shared, result, action, approvalId);
  let answer: ElicitResult;
  try {
    answer = await session.server.elicitInput(
      { mode: 'form', message: formMessage(shared, action, approval.args), requestedSchema: APPROVAL_FORM },
      {
        relatedRequestId: extra.requestId,
        signal: extra.signal,
        timeout: shared.options.approvals?.elicitTimeoutMs ?? DEFAULT_ELICIT_TIMEOUT_MS,
      },
    );
  } catch (error) {
    const why = `the approval request could not be answered (${(error as Error)?.message ?? String(error)})`;
    return waiting(shared, result, action, approvalId, why);
  }
  const content = answer.content ?? {};
  // The SDK checks an accepted answer against the form; this guards a server built without that check.
  if (answer.action === 'accept' && typeof content.approve !== 'boolean')
    return waiting(shared, result, action, approvalId, 'the answer did not fill in the approval form');
  if (answer.action === 'cancel')
    return waiting(shared, result, action, approvalId, 'the person dismissed the approval request');
  const by = caller.user?.id ?? caller.sessionId ?? 'mcp-client';
  const given = typeof content.reason === 'string' && content.reason !== '' ? content.reason : undefined;
  try {
    const decided =
      answer.action === 'accept' && content.approve === true
        ? await shared.registry.approvals.approve(approvalId, {
            by,
            reason: given ?? 'approved in the MCP client',
            signal: extra.signal,
          })
        : await shared.registry.approvals.deny(approvalId, {
            by,
            reason: given ?? 'declined in the MCP client',
          });
    return toCallToolResult(decided, action);
  } catch (error) {
    // Someone decided first, in the inbox or another tab: the status tool tells how it ended.
    if (AffordanceError.isInstance(error) && error.code === 'approval_not_pending')
      return waiting(shared, result, action, approvalId, error.message);
    throw error;
  }
}

function waiting(
  shared: ServeContext,
  result: RunResult,
  action: AnyAction,
  approvalId: string,
  why?: string,
): CallToolResult {
  const answer = toCallToolResult(result, action);
  const tool = statusToolName(shared);
  const lines = [why ? `${why}.` : undefined];
  if (tool) lines.push(`Its outcome: call the ${tool} tool with {"approvalId": "${approvalId}"}.`);
  const more = lines.filter(Boolean).join(' ');
  return {
    ...answer,
    content: more ? [...answer.content, { type: 'text', text: more }] : answer.content,
    _meta: {
      ...answer._meta,
      [APPROVAL_META_KEY]: { id: approvalId, ...(tool ? { statusTool: tool } : {}) },
    },
  };
}

function formMessage(shared: ServeContext, action: AnyAction, args: unknown): string {
  const shown =
    JSON.stringify(shared.registry.redact({ name: qualifiedName(action), args }).args, null, 2) ?? '{}';
  const clipped = shown.length > MAX_SHOWN_ARGS ? `${shown.slice(0, MAX_SHOWN_ARGS)}…` : shown;
  return `${action.title ?? action.name} needs your approval before it runs, with these arguments:\n${clipped}`;
}
