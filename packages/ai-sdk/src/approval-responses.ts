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
