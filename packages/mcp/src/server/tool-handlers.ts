import { type Progress, qualifiedName } from '@affordance/core';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { answerApproval, statusToolName } from './approval-flow.js';
import { approvalStatusTool, callApprovalStatus, needsStatusTool } from './approval-status.js';
import { CallServices } from './call-services.js';
import { canSee } from './can-see.js';
import { answerInput } from './input-flow.js';
import { listTools } from './list-tools.js';
import { passesLevel } from './log-level.js';
import { paginate } from './paginate.js';
import { ProtocolError } from './protocol-error.js';
import { callerOf, type HandlerExtra, type ServeContext, type SessionState } from './serve-context.js';

/** Answer `tools/list` with the caller's tools and `tools/call` through `registry.run`. */
export function registerToolHandlers(shared: ServeContext, session: SessionState): void {
  const { registry, options } = shared;
  session.server.setRequestHandler(ListToolsRequestSchema, (request, extra) => {
    const caller = callerOf(extra, session);
    const tools = listTools(registry, caller.user, options.context?.(caller));
    const statusTool = statusToolName(shared);
    // The status tool joins the list of a caller who may meet a call waiting for approval, unless an action
    // already has its name.
    if (statusTool && !registry.get(statusTool) && needsStatusTool(registry, caller.user))
      tools.push(approvalStatusTool(statusTool));
    const page = paginate(tools, request.params?.cursor, options.pageSize, registry.version);
    return { tools: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  });
  session.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(shared, session, request.params, extra),
  );
}

async function callTool(
  shared: ServeContext,
  session: SessionState,
  params: { name: string; arguments?: Record<string, unknown>; _meta?: { progressToken?: string | number } },
  extra: HandlerExtra,
): Promise<CallToolResult> {
  const { registry, options } = shared;
  const caller = callerOf(extra, session);
  const action = registry.get(params.name);
  const statusTool = statusToolName(shared);
  if (!action && statusTool === params.name && needsStatusTool(registry, caller.user))
    return callApprovalStatus(shared, caller, params.arguments ?? {});
  // A tool beyond the caller's roles answers exactly like one that does not exist.
  if (!action || !canSee(action, caller.user))
    throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
  // The request's own id for the call (`<session>_<n>`, unguessable): the pipeline makes the call id.
  const toolCallId = `${session.fallbackSessionId}_${++session.calls}`;
  const progressToken = params._meta?.progressToken;
  const context = options.context?.(caller);
  const call = {
    name: qualifiedName(action),
    args: params.arguments ?? {},
    toolCallId,
    sessionId: caller.sessionId,
    signal: extra.signal,
    services: { mcp: new CallServices(session, extra, caller.sessionId!) },
    user: caller.user,
    context,
    ...(progressToken === undefined
      ? {}
      : {
          onProgress: (progress: Progress) => {
            void extra
              .sendNotification({ method: 'notifications/progress', params: { progressToken, ...progress } })
              .catch(() => {});
          },
        }),
  };
  // A handler that asks the person (`ctx.ask`) is answered through elicitation and run again with the answer.
  const result = await answerInput({
    shared,
    session,
    extra,
    result: await registry.run(call),
    rerun: (answers) => registry.run({ ...call, answers }),
  });
  if (passesLevel('debug', session.level)) {
    const data = {
      callId: result.callId,
      name: result.name,
      ok: result.ok,
      durationMs: Math.round(result.durationMs * 1000) / 1000,
    };
    await extra
      .sendNotification({
        method: 'notifications/message',
        params: { level: 'debug', logger: 'affordance', data },
      })
      .catch(() => {});
  }
  return await answerApproval({ shared, session, caller, action, result, extra });
}
