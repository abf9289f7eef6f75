import type { AnyAction, Registry, RunResult } from '@affordance/core';
import { ToolMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { DynamicStructuredTool } from '@langchain/core/tools';
import { interruptForApproval } from './approval-interrupt.js';
import { callOfConfig } from './call-of-config.js';

/** How an action that needs approval behaves as a LangChain tool. */
export type ApprovalMode = 'interrupt' | 'result';

/** One function of the registry's OpenAI-shaped tool list: a provider-legal name, its description and schema. */
export interface ActionFunction {
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
}

/**
 * A LangChain structured tool whose every call runs `registry.run` with the caller from the RunnableConfig. A
 * failed call is a ToolMessage with `status: 'error'` and the fix-it text, never an exception in the graph.
 */
export class ActionTool extends DynamicStructuredTool<Record<string, unknown>> {
  readonly #registry: Registry;
  readonly #run: (input: unknown, config: RunnableConfig | undefined) => Promise<ToolMessage | string>;

  constructor(registry: Registry, fn: ActionFunction, approvals: ApprovalMode) {
    const run = (input: unknown, config: RunnableConfig | undefined) =>
      runTool(registry, fn.name, input, config, approvals);
    super({
      name: fn.name,
      description: fn.description,
      schema: fn.parameters,
      func: (input: unknown, _runManager: unknown, config?: RunnableConfig) => run(input, config),
    });
    this.#registry = registry;
    this.#run = run;
  }

  /**
   * LangChain checks the input against the schema first and throws its own words into the graph; arguments the
   * pipeline would reject go straight to it instead, so the model reads the pipeline's fix-it text and the audit
   * log has the call.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the base method is generic over every tool input and config
  override call(arg: any, configArg?: any, tags?: string[]): Promise<any> {
    const isToolCall = typeof arg === 'object' && arg !== null && arg.type === 'tool_call' && 'args' in arg;
    const input: unknown = isToolCall ? arg.args : arg;
    const checked = this.#registry.checkInput(this.name, input);
    if (checked && !checked.ok) {
      const config = isToolCall ? { ...(configArg ?? {}), toolCall: arg } : configArg;
      return this.#run(input, config);
    }
    return super.call(arg, configArg, tags);
  }
}

async function runTool(
  registry: Registry,
  name: string,
  input: unknown,
  config: RunnableConfig | undefined,
  approvals: ApprovalMode,
): Promise<ToolMessage | string> {
  const call = callOfConfig(config);
  // The tool call's id is the call's idempotency key: LangGraph runs a node again from its start when it resumes,
  // and a call that finished the first time answers the same without running again; a call that asked for approval
  // finds the approval it asked for (the approval keeps the key).
  const key = call.toolCallId;
  if (key && approvals === 'interrupt' && needsApproval(registry.get(name))) {
    const [earlier] = await registry.approvals.list({
      status: 'pending',
      idempotencyKey: key,
      sessionId: call.sessionId,
    });
    if (earlier) {
      const message = `${earlier.name} needs a person's approval before it runs; it is waiting as ${earlier.id}`;
      return toolOutput(await interruptForApproval(registry, earlier, call, message), call);
    }
  }
  const result = await registry.run({
    name,
    args: input,
    ...(call.user ? { user: call.user } : {}),
    ...(call.context ? { context: call.context } : {}),
    ...(call.sessionId ? { sessionId: call.sessionId } : {}),
    ...(call.toolCallId ? { toolCallId: call.toolCallId } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
    ...(key ? { idempotencyKey: key } : {}),
  });
  if (key && approvals === 'interrupt' && !result.ok && result.error.code === 'approval_required') {
    const approvalId = (result.error.details as { approvalId?: unknown } | undefined)?.approvalId;
    const approval = typeof approvalId === 'string' ? await registry.approvals.get(approvalId) : undefined;
    if (approval)
      return toolOutput(await interruptForApproval(registry, approval, call, result.error.message), call);
  }
  return toolOutput(result, call);
}

function needsApproval(action: AnyAction | undefined): boolean {
  return action?.approval !== undefined && action.approval !== 'never';
}

/** A ToolMessage for a tool call (status from the result, the result itself as its artifact), else the text. */
function toolOutput(
  result: RunResult,
  call: { readonly toolCallId: string | undefined },
): ToolMessage | string {
  if (!call.toolCallId) return result.modelOutput;
  return new ToolMessage({
    content: result.modelOutput,
    tool_call_id: call.toolCallId,
    name: result.name,
    status: result.ok ? 'success' : 'error',
    artifact: result,
  });
}
