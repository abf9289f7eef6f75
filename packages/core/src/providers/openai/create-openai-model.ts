import type OpenAI from 'openai';
import type {
  LanguageModel,
  ModelRequest,
  ModelResponse,
  ModelStreamPart,
  ModelUsage,
  ResponseFormat,
} from '../../agent/model-types.js';
import { toolCallOf } from '../../agent/model-types.js';
import { AffordanceError } from '../../errors/action-error.js';
import { toStrictSchema } from '../../formats/strict-schema.js';
import { createToolCallAssembler } from '../../streaming/create-tool-call-assembler.js';
import { streamPartOf, toolCallsOf } from '../read-tool-states.js';
import { type OpenAIClientOptions, openAIClientOf } from './openai-client.js';
import { finishReasonOf, toOpenAIMessages } from './openai-messages.js';

/** Options of `createOpenAIModel`: a model name and either a client or what to build one with. */
export interface OpenAIModelOptions extends OpenAIClientOptions {
  readonly model: string;
  /** False for models or servers without tool calling (`protocol: 'auto'` then uses the text protocol). */
  readonly supportsTools?: boolean;
  readonly maxTokens?: number;
  readonly temperature?: number;
  /** Ask for usage in the last stream chunk (default true; some servers reject `stream_options`). */
  readonly streamUsage?: boolean;
  /**
   * Whether the server takes `response_format: { type: 'json_schema' }` (default true: OpenAI, and Ollama, vLLM and
   * llama.cpp in their recent versions); false makes `runAgent({ output })` use its `final_answer` tool.
   */
  readonly structuredOutput?: boolean;
}

/** A `LanguageModel` over the Chat Completions API of the official `openai` client (tools, streaming and not). */
export function createOpenAIModel(options: OpenAIModelOptions): LanguageModel {
  if (typeof options?.model !== 'string' || options.model === '') {
    throw new AffordanceError('invalid_option', 'createOpenAIModel: model must be a non-empty string');
  }
  const client = openAIClientOf(options);
  const body = (request: ModelRequest) => ({
    model: options.model,
    messages: toOpenAIMessages(request.messages),
    ...(request.tools && request.tools.length > 0
      ? {
          tools: request.tools as OpenAI.Chat.Completions.ChatCompletionTool[],
          tool_choice: request.toolChoice ?? 'auto',
        }
      : {}),
    ...(request.responseFormat ? { response_format: responseFormatOf(request.responseFormat) } : {}),
    ...(options.maxTokens !== undefined ? { max_completion_tokens: options.maxTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
  });
  return {
    id: `openai:${options.model}`,
    supportsTools: options.supportsTools ?? true,
    toolFormat: 'openai',
    ...(options.structuredOutput === false ? {} : { structuredOutput: 'with-tools' as const }),
    async generate(request) {
      const completion = await client.chat.completions.create(
        { ...body(request), stream: false },
        request.signal ? { signal: request.signal } : {},
      );
      const choice = completion.choices[0];
      const toolCalls = (choice?.message.tool_calls ?? []).flatMap((call) =>
        call.type === 'function' ? [toolCallOf(call.id, call.function.name, call.function.arguments)] : [],
      );
      return withUsage(
        {
          text: choice?.message.content ?? '',
          toolCalls,
          finishReason: finishReasonOf(choice?.finish_reason),
        },
        usageOf(completion.usage),
      );
    },
    async *stream(request): AsyncIterable<ModelStreamPart> {
      const stream = await client.chat.completions.create(
        {
          ...body(request),
          stream: true,
          ...(options.streamUsage === false ? {} : { stream_options: { include_usage: true } }),
        },
        request.signal ? { signal: request.signal } : {},
      );
      const assembler = createToolCallAssembler({ format: 'openai-chat', textDeltas: true });
      let text = '';
      let finish: string | null | undefined;
      let usage: ModelUsage | undefined;
      for await (const chunk of stream) {
        finish = chunk.choices[0]?.finish_reason ?? finish;
        usage = usageOf(chunk.usage) ?? usage;
        for (const part of assembler.push(chunk)) {
          const out = streamPartOf(part);
          if (out?.type === 'text-delta') text += out.delta;
          if (out) yield out;
        }
      }
      const toolCalls = toolCallsOf(await assembler.end());
      for (const call of toolCalls) yield { type: 'tool-call', call };
      yield {
        type: 'response-finish',
        response: withUsage({ text, toolCalls, finishReason: finishReasonOf(finish) }, usage),
      };
    },
  };
}

function usageOf(
  usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined,
): ModelUsage | undefined {
  if (!usage) return undefined;
  return { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens };
}

function withUsage(response: Omit<ModelResponse, 'usage'>, usage: ModelUsage | undefined): ModelResponse {
  return usage ? { ...response, usage } : response;
}

/** Chat Completions' `json_schema` response format: strict when the schema can be written for strict mode. */
function responseFormatOf(format: ResponseFormat): OpenAI.ResponseFormatJSONSchema {
  const strict = toStrictSchema(format.schema);
  return {
    type: 'json_schema',
    json_schema: {
      name: format.name,
      ...(format.description ? { description: format.description } : {}),
      schema: (strict.ok ? strict.schema : format.schema) as Record<string, unknown>,
      strict: strict.ok,
    },
  };
}
