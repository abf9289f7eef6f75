import type Anthropic from '@anthropic-ai/sdk';
import type { AgentMessage, FinishReason } from '../../agent/model-types.js';

type Block = Anthropic.Messages.ContentBlockParam;
type Turn = { role: 'user' | 'assistant'; content: Block[] };

/**
 * Convert agent messages to Anthropic Messages input: system messages become the `system` text, tool results
 * become `tool_result` blocks of a user turn, and adjacent turns of one role are merged.
 */
export function toAnthropicMessages(messages: readonly AgentMessage[]): {
  system: string | undefined;
  messages: Turn[];
} {
  const system: string[] = [];
  const turns: Turn[] = [];
  const add = (role: Turn['role'], blocks: Block[]) => {
    const last = turns.at(-1);
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        add('user', [{ type: 'text', text: message.content }]);
        break;
      case 'assistant': {
        const blocks: Block[] = message.content === '' ? [] : [{ type: 'text', text: message.content }];
        for (const call of message.toolCalls ?? []) {
          blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: inputOf(call.args) });
        }
        // An empty assistant turn is refused by the API; a single space keeps the turn order valid.
        add('assistant', blocks.length > 0 ? blocks : [{ type: 'text', text: ' ' }]);
        break;
      }
      case 'tool':
        add(
          'user',
          message.toolResults.map((result) => ({
            type: 'tool_result' as const,
            tool_use_id: result.toolCallId,
            content: result.output,
            ...(result.ok ? {} : { is_error: true }),
          })),
        );
        break;
      default: {
        const never: never = message;
        return never;
      }
    }
  }
  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages: turns };
}

/** Map an Anthropic stop reason. */
export function finishReasonOf(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
      return 'length';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}

function inputOf(args: unknown): Record<string, unknown> {
  if (typeof args === 'object' && args !== null && !Array.isArray(args))
    return args as Record<string, unknown>;
  if (typeof args === 'string') {
    try {
      const parsed: unknown = JSON.parse(args);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // The model wrote arguments that are not JSON; the tool_use block still needs an object.
    }
  }
  return {};
}
