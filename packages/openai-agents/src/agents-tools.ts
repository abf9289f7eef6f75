import type { AnyAction, AvailableQuery, Registry, RunCall, RunResult } from '@affordance/core';
import { type FunctionTool, type RunContext, tool } from '@openai/agents';
import { type AffordanceRunContext, readRunContext } from './agents-context.js';
import { decisionFor } from './decide-approval.js';

/** Which actions become tools: the filters of `available`. */
export type AgentsToolsOptions = Omit<AvailableQuery, 'include'>;

// What `needsApproval` learnt by sending a call the preview said would pause through the pipeline, for `execute` of
// the same run: the approval it waits on (or the result, had something changed in between).
const asked = new WeakMap<object, Map<string, RunResult>>();

/**
 * The registry's available actions as OpenAI Agents SDK function tools: the JSON schema as parameters (strict where
 * the schema allows it, else `strict: false`), each call run by `registry.run` with the user, context and session
 * of the run's `RunContext`. A failed call answers the model with the fix-it text. An action with an approval rule
 * asks `registry.preview` in `needsApproval` (the pipeline's own steps: roles, `when`, the policy, `requires`, rate
 * limits, the approval rule), which runs nothing; a call it would pause is sent through the pipeline there, so its
 * approval waits in the registry's store keyed by the call id, and the SDK interrupts the run. `state.approve(item)`
 * and a resumed run approve it in the store, which runs it once (see `decideApproval` for who decided); any other
 * call runs in `execute`, with the SDK's abort signal.
 */
export function agentsTools(
  registry: Registry,
  options: AgentsToolsOptions = {},
): FunctionTool<AffordanceRunContext>[] {
  return registry.tools({ ...options, format: 'openai-responses' }).map((fn) => {
    const gated = hasApprovalRule(registry.get(fn.name));
    // biome-ignore lint/suspicious/noExplicitAny: the parameters are a JSON schema the pipeline validates, untyped here
    return tool<any, AffordanceRunContext>({
      name: fn.name,
      description: fn.description,
      parameters: fn.parameters as never,
      strict: fn.strict as false,
      needsApproval: gated
        ? async (runContext, input, callId) => {
            const caller = readRunContext(runContext);
            const preview = await registry.preview(callOf(fn.name, input, caller, callId, false));
            if (preview.outcome !== 'approval') return false;
            // The pipeline pauses it now: the approval is stored where `decideApproval` and a resumed run find it.
            const result = await registry.run(callOf(fn.name, input, caller, callId, true));
            if (callId) remember(runContext, callId, result);
            return !result.ok && result.error.code === 'approval_required';
          }
        : false,
      async execute(input, runContext, details) {
        const callId = details?.toolCall?.callId;
        if (gated && callId) {
          const result = await settleGated(registry, runContext, callId, details?.signal);
          if (result) return result.modelOutput;
        }
        const result = await registry.run({
          ...callOf(fn.name, input, readRunContext(runContext), callId, false),
          ...(details?.signal ? { signal: details.signal } : {}),
        });
        return result.modelOutput;
      },
    });
  });
}

/** `execute` of a gated call: the result `needsApproval` got, or the approved call run through the approval store. */
async function settleGated(
  registry: Registry,
  runContext: RunContext<AffordanceRunContext> | undefined,
  callId: string,
  signal: AbortSignal | undefined,
): Promise<RunResult | undefined> {
  const earlier = runContext ? asked.get(runContext)?.get(callId) : undefined;
  if (earlier && !(earlier.ok === false && earlier.error.code === 'approval_required')) return earlier;
  const caller = readRunContext(runContext);
  // The SDK calls `execute` of a call that waited only after `state.approve(item)`.
  const [approval] = await registry.approvals.list({
    status: 'pending',
    idempotencyKey: callId,
    sessionId: caller.sessionId,
  });
  if (!approval) return earlier;
  const decision = decisionFor(runContext, approval.id);
  return registry.approvals.approve(approval.id, {
    by: decision?.by ?? caller.user?.id ?? 'openai-agents',
    ...(decision?.reason ? { reason: decision.reason } : {}),
    ...(caller.user && caller.user.id === approval.user?.id ? { requester: caller.user } : {}),
    ...(signal ? { signal } : {}),
  });
}

function callOf(
  name: string,
  input: unknown,
  caller: AffordanceRunContext,
  callId: string | undefined,
  keyed: boolean,
): RunCall {
  return {
    name,
    args: input,
    ...(caller.user ? { user: caller.user } : {}),
    ...(caller.context ? { context: caller.context } : {}),
    ...(caller.sessionId ? { sessionId: caller.sessionId } : {}),
    ...(callId ? { toolCallId: callId } : {}),
    // The call id keys the approval, so a run resumed from a serialized state finds the one it asked for.
    ...(keyed && callId ? { idempotencyKey: callId } : {}),
  };
}

function remember(runContext: object, callId: string, result: RunResult): void {
  let calls = asked.get(runContext);
  if (!calls) {
    calls = new Map();
    asked.set(runContext, calls);
  }
  calls.set(callId, result);
}

function hasApprovalRule(action: AnyAction | undefined): boolean {
  return action?.approval !== undefined && action.approval !== 'never';
}
