import type { AgentMessage, FinishReason, ModelToolCall } from '@affordance/core/agent';
import { toolCallOf } from '@affordance/core/agent';
import type { AnthropicTool } from '@affordance/core/formats';
import {
  type FinishReason as AISDKFinishReason,
  type JSONSchema7,
  jsonSchema,
  type ModelMessage,
  type ProviderMetadata,
  type ToolSet,
  tool,
} from 'ai';

/**
 * The agent's conversation as AI SDK model messages: a system prompt apart, tool calls and results as parts. A tool
 * call's provider metadata (Gemini's thought signature, …), which the agent's messages do not keep, comes from
 * `metadataOf` by tool-call id: providers refuse a conversation that drops it.
 */
export function toModelMessages(
  messages: readonly AgentMessage[],
  metadataOf: (toolCallId: string) => ProviderMetadata | undefined = () => undefined,
): { system?: string; messages: ModelMessage[] } {
  const system: string[] = [];
  const out: ModelMessage[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        out.push({ role: 'user', content: message.content });
        break;
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        if (calls.length === 0) {
          out.push({ role: 'assistant', content: message.content });
          break;
        }
        out.push({
          role: 'assistant',
          content: [
            ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
            ...calls.map((call) => {
              const metadata = metadataOf(call.id);
              return {
                type: 'tool-call' as const,
                toolCallId: call.id,
                toolName: call.name,
                input: call.args ?? {},
                ...(metadata ? { providerOptions: metadata } : {}),
              };
            }),
          ],
        });
        break;
      }
      case 'tool':
        out.push({
          role: 'tool',
          content: message.toolResults.map((result) => ({
            type: 'tool-result' as const,
            toolCallId: result.toolCallId,
            toolName: result.name,
            output: { type: result.ok ? ('text' as const) : ('error-text' as const), value: result.output },
          })),
        });
        break;
      default: {
        const never: never = message;
        throw new Error(`unknown message role ${(never as { role: string }).role}`);
      }
    }
  }
  return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), messages: out };
}

/** The registry's tools (Anthropic format: a name, a description and a plain JSON Schema) as an AI SDK tool set without `execute`, so the AI SDK stops at each call and hands it back. */
export function toToolSet(tools: readonly unknown[] | undefined): ToolSet | undefined {
  if (!tools || tools.length === 0) return undefined;
  const set: ToolSet = {};
  for (const entry of tools as readonly AnthropicTool[]) {
    set[entry.name] = tool<unknown, never>({
      description: entry.description,
      inputSchema: jsonSchema<unknown>(entry.input_schema as JSONSchema7),
    });
  }
  return set;
}

/** A tool call the AI SDK read: parsed input, or the text it could not parse (the registry repairs or reports it). */
export function modelToolCallOf(toolCallId: string, toolName: string, input: unknown): ModelToolCall {
  if (typeof input === 'string') return toolCallOf(toolCallId, toolName, input);
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    return { id: toolCallId, name: toolName, args: input as Record<string, unknown> };
  }
  return toolCallOf(toolCallId, toolName, JSON.stringify(input ?? {}));
}

/** The AI SDK's finish reason in the agent's terms. */
export function finishReasonOf(reason: AISDKFinishReason): FinishReason {
  switch (reason) {
    case 'stop':
    case 'length':
    case 'content-filter':
    case 'tool-calls':
    case 'other':
      return reason;
    case 'error':
      return 'other';
    default: {
      const never: never = reason;
      return never;
    }
  }
}
