import type { ChatMessage } from '@affordance/core/ports';
import type { AguiMessage, AguiToolCall } from './read-run-input.js';

/**
 * One message of a stored thread in AG-UI's shape (`@ag-ui/core` `Message`), ready for a client to continue it: the
 * messages `/agui` reads (`AguiMessage`), without `developer` and with `toolCalls` left out when there are none.
 */
export type ThreadMessage =
  | { readonly id: string; readonly role: 'system' | 'user'; readonly content: string }
  | {
      readonly id: string;
      readonly role: 'assistant';
      readonly content: string;
      readonly toolCalls?: readonly AguiToolCall[];
    }
  | Extract<AguiMessage, { readonly role: 'tool' }>;

/**
 * A stored session as the AG-UI messages a client sends to continue it: ids without the `<thread>:` prefix the
 * server stores them under (so sending them back adds nothing twice), one `tool` message per tool result.
 */
export function threadMessagesOf(threadId: string, stored: readonly ChatMessage[]): ThreadMessage[] {
  const prefix = `${threadId}:`;
  const out: ThreadMessage[] = [];
  for (const message of stored) {
    const id = message.id.startsWith(prefix) ? message.id.slice(prefix.length) : message.id;
    switch (message.role) {
      case 'system':
      case 'user':
        out.push({ id, role: message.role, content: message.content });
        break;
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        out.push({
          id,
          role: 'assistant',
          content: message.content,
          ...(calls.length > 0
            ? {
                toolCalls: calls.map((call) => ({
                  id: call.id,
                  type: 'function' as const,
                  function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
                })),
              }
            : {}),
        });
        break;
      }
      case 'tool': {
        const results = message.toolResults ?? [];
        results.forEach((result, index) => {
          out.push({
            id: results.length === 1 ? id : `${id}:${index}`,
            role: 'tool',
            toolCallId: result.toolCallId,
            content: result.output,
            ...(result.ok ? {} : { error: result.output }),
          });
        });
        break;
      }
      default: {
        const never: never = message.role;
        return never;
      }
    }
  }
  return out;
}
