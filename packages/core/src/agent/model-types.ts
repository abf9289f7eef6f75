import type { ToolFormat } from '../formats/types.js';
import type { ProviderData, ToolCallRecord, ToolResultRecord } from '../ports/conversation-store.js';
import type { JsonSchema } from '../schema/types.js';

export type { ProviderData, ToolCallRecord, ToolResultRecord } from '../ports/conversation-store.js';

/** One message of a conversation, shaped like the conversation store's `NewChatMessage`. */
export type AgentMessage =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user'; readonly content: string }
  | {
      readonly role: 'assistant';
      readonly content: string;
      readonly toolCalls?: readonly ToolCallRecord[];
      /** What the model that wrote it keeps for its own next turns; other models ignore it. */
      readonly providerData?: ProviderData;
    }
  | { readonly role: 'tool'; readonly content: string; readonly toolResults: readonly ToolResultRecord[] };

/** A tool call read from a model's answer: parsed arguments, or the raw text when it was not a JSON object. */
export type ModelToolCall =
  | { readonly id: string; readonly name: string; readonly args: Record<string, unknown> }
  | { readonly id: string; readonly name: string; readonly argsText: string };

/** Why the model stopped. */
export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other';

/** Token counts, when the provider reports them. */
export interface ModelUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
}

/** What a model is asked: the conversation and, for native tool calling, tools in the model's `toolFormat`. */
export interface ModelRequest {
  readonly messages: readonly AgentMessage[];
  readonly tools?: readonly unknown[];
  readonly toolChoice?: 'auto' | 'required' | 'none';
  /** Ask for the answer's text as JSON of this schema, through the provider's structured-output format. */
  readonly responseFormat?: ResponseFormat;
  readonly signal?: AbortSignal;
}

/**
 * A JSON-schema response format: the model's text is JSON matching `schema` (OpenAI `response_format`, Anthropic
 * `output_config.format`, Gemini `responseJsonSchema`). The provider may rewrite the schema for its strict mode.
 */
export interface ResponseFormat {
  readonly type: 'json';
  /** A name for the format (OpenAI requires one). */
  readonly name: string;
  readonly description?: string;
  readonly schema: JsonSchema;
}

/**
 * Whether a model has a JSON-schema response format: `with-tools` when it can be sent with tools on the same turn,
 * `alone` when only on a turn without tools.
 */
export type StructuredOutputSupport = 'with-tools' | 'alone';

/** A model's whole answer. */
export interface ModelResponse {
  readonly text: string;
  readonly toolCalls: readonly ModelToolCall[];
  readonly finishReason: FinishReason;
  readonly usage?: ModelUsage;
  /** Kept on the step's assistant message for the model's next turns (OpenAI reasoning items …). */
  readonly providerData?: ProviderData;
}

/** One piece of a streamed answer; the last part is always `response-finish` with the whole answer. */
export type ModelStreamPart =
  | { readonly type: 'text-delta'; readonly delta: string }
  | { readonly type: 'tool-input-start'; readonly id: string; readonly name: string }
  | { readonly type: 'tool-input-delta'; readonly id: string; readonly delta: string }
  | { readonly type: 'tool-call'; readonly call: ModelToolCall }
  | { readonly type: 'response-finish'; readonly response: ModelResponse };

/** Port: a chat model, with or without native tool calling. */
export interface LanguageModel {
  /** `provider:model`, for records and logs. */
  readonly id: string;
  /** True when the model takes `tools` and answers with tool calls (used by `protocol: 'auto'`). */
  readonly supportsTools: boolean;
  /** The registry format its `tools` are given in (`registry.tools({ format })`). */
  readonly toolFormat: ToolFormat;
  /** The model's JSON-schema response format (`ModelRequest.responseFormat`); left out when it has none. */
  readonly structuredOutput?: StructuredOutputSupport;
  generate(request: ModelRequest): Promise<ModelResponse>;
  stream(request: ModelRequest): AsyncIterable<ModelStreamPart>;
}

/** Parse a tool call's argument text into an object, or keep the text when it is not a JSON object. */
export function toolCallOf(id: string, name: string, argsText: string): ModelToolCall {
  if (argsText.trim() === '') return { id, name, args: {} };
  try {
    const parsed: unknown = JSON.parse(argsText);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { id, name, args: parsed as Record<string, unknown> };
    }
  } catch {
    // Not JSON: the registry repairs near-JSON text and reports what it could not read.
  }
  return { id, name, argsText };
}
