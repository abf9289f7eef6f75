import type { AnyAction, Registry, User } from '@affordance/core';
import type { ModelMessage, ToolApprovalResponse } from 'ai';

/** A tool call of the conversation that a person answered through the AI SDK's approval response. */
export interface AnsweredCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly response: ToolApprovalResponse;
}

/**
 * The approval answers of the last tool message (what the AI SDK acts on when a conversation resumes), each with
 * the tool call it answers; the first answer per call wins, as in the AI SDK.
 */
export function answeredCalls(messages: readonly ModelMessage[]): AnsweredCall[] {
  const last = messages.at(-1);
  if (last?.role !== 'tool') return [];
  const calls = new Map<string, { toolName: string; input: unknown }>();
  const requests = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call')
        calls.set(part.toolCallId, { toolName: part.toolName, input: part.input });
      else if (part.type === 'tool-approval-request') requests.set(part.approvalId, part.toolCallId);
    }
  }
  const answered: AnsweredCall[] = [];
  const seen = new Set<string>();
  for (const part of last.content) {
    if (part.type !== 'tool-approval-response') continue;
    const toolCallId = requests.get(part.approvalId);
    const call = toolCallId === undefined ? undefined : calls.get(toolCallId);
    if (!toolCallId || !call || seen.has(toolCallId)) continue;
    seen.add(toolCallId);
    answered.push({ toolCallId, toolName: call.toolName, input: call.input, response: part });
  }
  return answered;
}

/** Who calls, as `affordanceTools` was given it. */
export interface Caller {
  readonly user: User | undefined;
  readonly context: Record<string, unknown>;
}

/**
 * Whether the action's approval rule asks a person about this input, evaluated as the pipeline's approval step
 * does (validated input with defaults, the live target of a scoped action). Input the pipeline would refuse, and
 * a rule that throws, answer false: `execute` then reports the pipeline's error without asking anyone.
 */
export async function approvalNeeded(
  registry: Registry,
  action: AnyAction,
  input: unknown,
  caller: Caller,
): Promise<boolean> {
  const rule = action.approval;
  if (!rule || rule === 'never') return false;
  if (rule === 'always') return true;
  const checked = registry.checkInput(action.name, input);
  if (!checked?.ok) return false;
  const args = checked.value as Record<string, unknown>;
  let ruleInput: Record<string, unknown> = args;
  let target: Awaited<ReturnType<Registry['resolveTarget']>>;
  if (action.scope) {
    const param = action.targetParam ?? registry.targetParam;
    const { [param]: id, ...rest } = args;
    ruleInput = rest;
    target = await registry.resolveTarget({ type: action.scope, id: String(id) }).catch(() => undefined);
    if (!target) return false;
  }
  try {
    return await rule({ input: ruleInput, user: caller.user, context: caller.context, target });
  } catch {
    return false;
  }
}
