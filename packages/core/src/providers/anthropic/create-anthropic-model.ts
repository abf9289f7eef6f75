import Anthropic from '@anthropic-ai/sdk';
import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import type {
  LanguageModel,
  ModelRequest,
  ModelResponse,
  ModelStreamPart,
  ModelToolCall,
  ModelUsage,
  ResponseFormat,
} from '../../agent/model-types.js';
import { AffordanceError } from '../../errors/action-error.js';
import { createToolCallAssembler } from '../../streaming/create-tool-call-assembler.js';
import { streamPartOf, toolCallsOf } from '../read-tool-states.js';
import { finishReasonOf, toAnthropicMessages } from './anthropic-messages.js';

/** Options of `createAnthropicModel`: a model name and either a client or what to build one with. */
export interface AnthropicModelOptions {
  readonly model: string;
  readonly client?: Anthropic;
  readonly baseURL?: string;
  readonly apiKey?: string;
  /** Required by the API (default 4096). */
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly dangerouslyAllowBrowser?: boolean;
  /**
   * Whether the model takes `output_config.format` (JSON outputs: Claude Sonnet 4.5, Opus 4.5, Haiku 4.5 and later;
   * default true); false makes `runAgent({ output })` use its `final_answer` tool.
   */
  readonly structuredOutput?: boolean;
}

const TOOL_CHOICE = { auto: { type: 'auto' }, required: { type: 'any' }, none: { type: 'none' } } as const;

/** A `LanguageModel` over the Messages API of the official `@anthropic-ai/sdk` client (tools, streaming and not). */
export function createAnthropicModel(options: AnthropicModelOptions): LanguageModel {
  if (typeof options?.model !== 'string' || options.model === '') {
    throw new AffordanceError('invalid_option', 'createAnthropicModel: model must be a non-empty string');
  }
  const client =
    options.client ??
    new Anthropic({
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      ...(options.dangerouslyAllowBrowser ? { dangerouslyAllowBrowser: true } : {}),
    });
  const body = (request: ModelRequest) => {
    const { system, messages } = toAnthropicMessages(request.messages);
    return {
      model: options.model,
      max_tokens: options.maxTokens ?? 4096,
      messages,
      ...(system ? { system } : {}),
      ...(request.tools && request.tools.length > 0
        ? {
            tools: request.tools as Anthropic.Messages.ToolUnion[],
            tool_choice: TOOL_CHOICE[request.toolChoice ?? 'auto'],
          }
        : {}),
      ...(request.responseFormat ? { output_config: { format: jsonFormatOf(request.responseFormat) } } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    };
  };
  return {
    id: `anthropic:${options.model}`,
    supportsTools: true,
    toolFormat: 'anthropic',
    ...(options.structuredOutput === false ? {} : { structuredOutput: 'with-tools' as const }),
    async generate(request) {
      const message = await client.messages.create(
        { ...body(request), stream: false },
        request.signal ? { signal: request.signal } : {},
      );
      let text = '';
      const toolCalls: ModelToolCall[] = [];
      for (const block of message.content) {
        if (block.type === 'text') text += block.text;
        else if (block.type === 'tool_use') {
          toolCalls.push({
            id: block.id,
            name: block.name,
            args: (block.input ?? {}) as Record<string, unknown>,
          });
        }
      }
      return {
        text,
        toolCalls,
        finishReason: finishReasonOf(message.stop_reason),
        usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
      } satisfies ModelResponse;
    },
    async *stream(request): AsyncIterable<ModelStreamPart> {
      const stream = await client.messages.create(
        { ...body(request), stream: true },
        request.signal ? { signal: request.signal } : {},
      );
      const assembler = createToolCallAssembler({ format: 'anthropic', textDeltas: true });
      let text = '';
      let finish: string | null | undefined;
      let inputTokens: number | undefined;
      let outputTokens: number | undefined;
      for await (const event of stream) {
        if (event.type === 'message_start') {
          inputTokens = event.message.usage.input_tokens;
          outputTokens = event.message.usage.output_tokens;
        } else if (event.type === 'message_delta') {
          finish = event.delta.stop_reason ?? finish;
          outputTokens = event.usage.output_tokens ?? outputTokens;
        }
        for (const part of assembler.push(event)) {
          const out = streamPartOf(part);
          if (out?.type === 'text-delta') text += out.delta;
          if (out) yield out;
        }
      }
      const toolCalls = toolCallsOf(await assembler.end());
      for (const call of toolCalls) yield { type: 'tool-call', call };
      const usage: ModelUsage = { inputTokens, outputTokens };
      yield {
        type: 'response-finish',
        response: { text, toolCalls, finishReason: finishReasonOf(finish), usage },
      };
    },
  };
}

/**
 * JSON outputs' format, the schema rewritten by the SDK's own `transformJSONSchema` (every object
 * `additionalProperties: false`; the constraints the API does not take, such as `minimum` or `maxLength`, moved into
 * the description: the loop's validation still checks them). A schema it cannot rewrite is sent as it is.
 */
function jsonFormatOf(format: ResponseFormat): Anthropic.Messages.JSONOutputFormat {
  let schema: Record<string, unknown>;
  try {
    schema = transformJSONSchema({ ...format.schema });
  } catch {
    schema = { ...format.schema };
  }
  return { type: 'json_schema', schema };
}
