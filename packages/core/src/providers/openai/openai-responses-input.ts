import type OpenAI from 'openai';
import type { AgentMessage, FinishReason, ModelUsage } from '../../agent/model-types.js';
import { argumentsText } from './openai-messages.js';
import { keptReasoningOf, reasoningInputOf } from './openai-responses-reasoning.js';

type InputItem = OpenAI.Responses.ResponseInputItem;

/**
 * Convert agent messages to Responses API input items: system, user and assistant text become messages, each tool
 * call a `function_call` item and each tool result a `function_call_output` item (the whole conversation is sent
 * every turn; nothing relies on `previous_response_id`). The reasoning items an assistant message kept for `model`
 * go back just before the text or the call they came before (unless `sendReasoning` is false); another model's are
 * left out.
 */
export function toResponsesInput(
  messages: readonly AgentMessage[],
  model: string,
  sendReasoning = true,
): InputItem[] {
  const out: InputItem[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        out.push({ role: message.role, content: message.content });
        break;
      case 'assistant': {
        let reasoning = sendReasoning ? keptReasoningOf(message, model) : [];
        // Each item goes back once, even when a call id repeats.
        const before = (call: string | undefined) => {
          const items = reasoning.filter((item) => item.beforeCall === call);
          reasoning = reasoning.filter((item) => item.beforeCall !== call);
          return items.map(reasoningInputOf);
        };
        if (message.content !== '')
          out.push(...before(undefined), { role: 'assistant', content: message.content });
        for (const call of message.toolCalls ?? []) {
          out.push(...before(call.id), {
            type: 'function_call',
            call_id: call.id,
            name: call.name,
            arguments: argumentsText(call.args),
          });
        }
        break;
      }
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
