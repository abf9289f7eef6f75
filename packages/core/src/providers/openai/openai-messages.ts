import type OpenAI from 'openai';
import type { AgentMessage, FinishReason } from '../../agent/model-types.js';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** A tool call's arguments as the JSON text both OpenAI APIs expect (text already given is sent as it is). */
export function argumentsText(args: unknown): string {
  return typeof args === 'string' ? args : JSON.stringify(args ?? {});
}

/** Convert agent messages to Chat Completions messages (one `tool` message per tool result). */
export function toOpenAIMessages(messages: readonly AgentMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        out.push({ role: message.role, content: message.content });
        break;
      case 'assistant':
        if (message.toolCalls && message.toolCalls.length > 0) {
          out.push({
            role: 'assistant',
            content: message.content === '' ? null : message.content,
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: {
                name: call.name,
                arguments: argumentsText(call.args),
              },
            })),
          });
        } else out.push({ role: 'assistant', content: message.content });
        break;
      case 'tool':
        for (const result of message.toolResults) {
          out.push({ role: 'tool', tool_call_id: result.toolCallId, content: result.output });
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

/** Map a Chat Completions finish reason. */
export function finishReasonOf(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}
