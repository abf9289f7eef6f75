import {
  type AnyAction,
  type Registry,
  type RunCall,
  type TargetRef,
  toolInputSchema,
  type User,
} from '@affordance/core';
import { GEMINI_NAMES, legalizeNames } from '@affordance/core/formats';
import { type JSONSchema7, jsonSchema, type Tool, type ToolExecutionOptions, type ToolSet, tool } from 'ai';
import { outputOf } from './action-call-error.js';
import { answeredCalls } from './approval-responses.js';

/** Who calls and which actions to offer: the filters of `registry.available`, and how approvals are answered. */
export interface AffordanceToolsOptions {
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  /** The session the calls belong to (history for `requires`, the audit log, approvals). */
  readonly sessionId?: string;
  /** The target in view: only what is available on it is offered. */
  readonly target?: TargetRef;
  /** Offer the actions most relevant to this text. */
  readonly query?: string;
  readonly limit?: number;
  /** Only actions of this scope, or `null` for unscoped ones. */
  readonly scope?: string | null;
  /**
   * `available` (default): the actions available to this user, context and target now. `all`: every action the
   * model may be shown, available or not; the pipeline refuses at call time what is not allowed, with fix-it text.
   */
  readonly offer?: 'available' | 'all';
  /** Who answers the AI SDK's approval requests, recorded as the decider (default the user's id). */
  readonly approver?: string;
}

/** What a tool set of `affordanceTools` remembers per tool: its action and the call options. */
export interface ToolBinding {
  readonly registry: Registry;
  readonly action: AnyAction;
  readonly options: AffordanceToolsOptions;
}

const bindings = new WeakMap<Tool, ToolBinding>();

/** The action and options behind a tool of `affordanceTools` (undefined for any other tool). */
export function bindingOf(candidate: Tool | undefined): ToolBinding | undefined {
  return candidate ? bindings.get(candidate) : undefined;
}

/** The decider of AI SDK approvals: the `approver` option, else the user's id. */
export function approverOf(options: AffordanceToolsOptions): string {
  return options.approver ?? options.user?.id ?? 'ai-sdk-user';
}

/**
 * A registry's actions as an AI SDK `ToolSet`: each tool's `execute` runs `registry.run` with this user, context
 * and session and the call's `toolCallId` and abort signal. A refused or failed call throws `ActionCallError`,
 * whose message is the fix-it text, so the AI SDK hands the model a `tool-error`. Actions with an approval rule get
 * `needsApproval`, answered by `registry.preview` (true only for a call the pipeline would pause, after roles,
 * `when`, the policy, `requires` and rate limits): the AI SDK stops with a `tool-approval-request`, and when the
 * conversation resumes with an approving response the call goes through the pipeline, is paused there and approved
 * in the registry's approval store by `approver`, then runs.
 */
export function affordanceTools(registry: Registry, options: AffordanceToolsOptions = {}): ToolSet {
  const actions =
    options.offer === 'all'
      ? registry.list().filter((action) => action.available !== 'disabled')
      : registry
          .available({
            ...(options.user ? { user: options.user } : {}),
            ...(options.context ? { context: options.context } : {}),
            ...(options.sessionId ? { sessionId: options.sessionId } : {}),
            ...(options.target !== undefined ? { target: options.target } : {}),
            ...(options.query !== undefined ? { query: options.query } : {}),
            ...(options.limit !== undefined ? { limit: options.limit } : {}),
            ...(options.scope !== undefined ? { scope: options.scope } : {}),
            include: 'available',
          })
          .map((entry) => entry.action);
  // Gemini's rule is the strictest of the providers' (OpenAI, Anthropic and Gemini accept its names).
  const legal = legalizeNames(
    actions.map((action) => action.name),
    GEMINI_NAMES,
  );
  const tools: ToolSet = {};
  for (const action of actions) {
    const made = toolOf(registry, action, options);
    bindings.set(made, { registry, action, options });
    tools[legal.get(action.name)!] = made;
  }
  return tools;
}

function toolOf(registry: Registry, action: AnyAction, options: AffordanceToolsOptions): Tool {
  const asks = action.approval !== undefined && action.approval !== 'never';
  // One object shape for every call (absent fields undefined): the pipeline's property reads stay monomorphic.
  const requestOf = (
    input: unknown,
    call: { readonly toolCallId: string; readonly abortSignal?: AbortSignal | undefined },
  ): RunCall => ({
    name: action.name,
    args: input,
    toolCallId: call.toolCallId,
    user: options.user,
    context: options.context,
    sessionId: options.sessionId,
    signal: call.abortSignal,
  });
  // A person is asked only where the pipeline would pause the call; one it would refuse goes to `execute`, whose
  // error the model reads.
  const needsApproval = async (input: unknown, call: { readonly toolCallId: string }) =>
    (await registry.preview(requestOf(input, call))).outcome === 'approval';
  const execute = async (input: unknown, call: ToolExecutionOptions): Promise<unknown> => {
    const result = await registry.run(requestOf(input, call));
    if (!result.ok && result.error.code === 'approval_required' && asks) {
      // The AI SDK runs a tool that needs approval only once a person said yes: record that yes and run it.
      const answer = answeredCalls(call.messages).find((entry) => entry.toolCallId === call.toolCallId);
      const approvalId = result.error.details?.approvalId;
      if (answer?.response.approved === true && typeof approvalId === 'string') {
        return outputOf(
          await registry.approvals.approve(approvalId, {
            by: approverOf(options),
            ...(answer.response.reason ? { reason: answer.response.reason } : {}),
            ...(call.abortSignal ? { signal: call.abortSignal } : {}),
          }),
        );
      }
    }
    return outputOf(result);
  };
  const custom = action.toModelOutput;
  return tool<unknown, unknown>({
    description: action.description,
    ...(action.title ? { title: action.title } : {}),
    inputSchema: jsonSchema<unknown>(toolInputSchema(action, registry.targetParam) as JSONSchema7),
    ...(asks ? { needsApproval } : {}),
    execute,
    ...(custom
      ? {
          toModelOutput: ({ output }: { output: unknown }) => ({
            type: 'text' as const,
            value: typeof output === 'string' ? output : String(custom(output)),
          }),
        }
      : {}),
  });
}
