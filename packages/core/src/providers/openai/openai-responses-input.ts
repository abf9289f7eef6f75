import type OpenAI from 'openai';
import type { AgentMessage, FinishReason, ModelUsage } from '../../agent/model-types.js';
import { argumentsText } from './openai-messages.js';

type InputItem = OpenAI.Responses.ResponseInputItem;

/**
 * Convert agent messages to Responses API input items: system, user and assistant text become messages, each tool
 * call a `function_call` item and each tool result a `function_call_output` item (the whole conversation is sent
 * every turn; nothing relies on `previous_response_id`).
 */
export function toResponsesInput(messages: readonly AgentMessage[]): InputItem[] {
  const out: InputItem[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        out.push({ role: message.role, content: message.content });
        break;
      case 'assistant':
        if (message.content !== '') out.push({ role: 'assistant', content: message.content });
        for (const call of message.toolCalls ?? []) {
          out.push({
            type: 'function_call',
            call_id: call.id,
            name: call.name,
            arguments: argumentsText(call.args),
          });
        }
        break;
      case 'tool':
        for (const result of message.toolResults) {
          out.push({ type: 'function_call_output', call_id: result.toolCallId, output: result.output });
        }
        break;
      default: {
        const never: never = message;
        return never;
      }
    }
  }
  return out;
}

/**
 * Why a response stopped: an incomplete one by its `incomplete_details.reason` (`max_output_tokens`, `content_filter`:
 * a call it holds may be cut short), else tool calls when it made any, else `stop` when it completed.
 */
export function responsesFinishReason(
  status: string | null | undefined,
  incompleteReason: string | null | undefined,
  hasCalls: boolean,
): FinishReason {
  if (status === 'incomplete') {
    if (incompleteReason === 'max_output_tokens') return 'length';
    if (incompleteReason === 'content_filter') return 'content-filter';
  }
  if (hasCalls) return 'tool-calls';
  return status === 'completed' ? 'stop' : 'other';
}

/** Token counts of a response (reasoning tokens are part of `output_tokens`). */
export function responsesUsage(
  usage: { input_tokens?: number; output_tokens?: number } | null | undefined,
): ModelUsage | undefined {
  if (!usage) return undefined;
  return { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens };
}
