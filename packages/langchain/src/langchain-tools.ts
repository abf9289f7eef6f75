import type { AvailableQuery, Registry } from '@affordance/core';
import { ActionTool, type ApprovalMode } from './action-tool.js';

/** Which actions become tools (the filters of `available`) and how approvals behave. */
export interface LangChainToolsOptions extends Omit<AvailableQuery, 'include'> {
  /**
   * `interrupt` (default): a call that needs approval pauses the LangGraph graph with `interrupt()` and resumes with
   * `Command({ resume: { approved, by, reason } })`, which becomes the approval store's decision (needs a
   * checkpointer). `result`: the tool answers `approval_required`, and the approval waits in `registry.approvals`.
   */
  readonly approvals?: ApprovalMode;
}

/**
 * The registry's available actions as LangChain structured tools, for a LangGraph `ToolNode`, `createAgent` or a
 * model's `bindTools`. Each call runs `registry.run` with `configurable.user`, `.context` and `.sessionId` (default
 * `thread_id`) of the RunnableConfig, so roles, `when`, rate limits, approvals and audit hold.
 */
export function langchainTools(registry: Registry, options: LangChainToolsOptions = {}): ActionTool[] {
  const { approvals = 'interrupt', ...filters } = options;
  return registry
    .tools({ ...filters, format: 'openai', strict: false })
    .map((tool) => new ActionTool(registry, tool.function, approvals));
}
