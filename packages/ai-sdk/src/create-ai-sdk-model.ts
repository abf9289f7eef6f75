import type {
  LanguageModel,
  ModelRequest,
  ModelResponse,
  ModelStreamPart,
  ModelToolCall,
  ModelUsage,
} from '@affordance/core/agent';
import {
  type LanguageModel as AISDKLanguageModel,
  generateText,
  type LanguageModelUsage,
  type ProviderMetadata,
  streamText,
} from 'ai';
import { finishReasonOf, modelToolCallOf, toModelMessages, toToolSet } from './model-messages.js';

const MAX_REMEMBERED = 1_000;

/** Options of `createAISDKModel`: any AI SDK language model, and the call settings to use with it. */
export interface AISDKModelOptions {
  /** An AI SDK model (`openai('gpt-5')`, `google('gemini-2.5-flash')`, a gateway id, …). */
  readonly model: AISDKLanguageModel;
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
  /** Retries of the AI SDK on failed requests (its default 2). */
  readonly maxRetries?: number;
  /** Passed to the provider as is (`{ openai: { reasoningEffort: 'low' } }`). */
  readonly providerOptions?: ProviderMetadata;
}

/**
 * Any AI SDK language model as a `LanguageModel` for `runAgent`: each turn is one `generateText` or `streamText`
 * step with the offered actions as tools without `execute`, so the AI SDK reads the model's tool calls and hands
 * them back for the registry to run. Text deltas, tool input deltas, calls, finish reason and usage are passed on;
 * the request's signal aborts the AI SDK call.
 */
export function createAISDKModel(options: AISDKModelOptions): LanguageModel {
  const { model } = options;
  const settings = {
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.maxOutputTokens !== undefined ? { maxOutputTokens: options.maxOutputTokens } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.providerOptions ? { providerOptions: options.providerOptions } : {}),
  };
  // Provider metadata of the model's recent tool calls, given back with them on the next turns (bounded).
  const metadata = new Map<string, ProviderMetadata>();
  const remember = (toolCallId: string, providerMetadata: ProviderMetadata | undefined) => {
    if (!providerMetadata) return;
    metadata.set(toolCallId, providerMetadata);
    if (metadata.size > MAX_REMEMBERED) metadata.delete(metadata.keys().next().value!);
  };
  const call = (request: ModelRequest) => {
    const tools = toToolSet(request.tools);
    return {
      model,
      ...toModelMessages(request.messages, (id) => metadata.get(id)),
      ...(tools ? { tools, toolChoice: request.toolChoice ?? 'auto' } : {}),
      ...(request.signal ? { abortSignal: request.signal } : {}),
      ...settings,
    };
  };
  return {
    id: typeof model === 'string' ? `gateway:${model}` : `${model.provider}:${model.modelId}`,
    supportsTools: true,
    toolFormat: 'anthropic',
    async generate(request) {
      const result = await generateText(call(request));
      return {
        text: result.text,
        toolCalls: result.toolCalls
          .filter((part) => !part.providerExecuted)
          .map((part) => {
            remember(part.toolCallId, part.providerMetadata);
            return modelToolCallOf(part.toolCallId, part.toolName, part.input);
          }),
        finishReason: finishReasonOf(result.finishReason),
        usage: usageOf(result.usage),
      } satisfies ModelResponse;
    },
    async *stream(request): AsyncIterable<ModelStreamPart> {
      // Errors arrive as `error` parts and are thrown below; the AI SDK need not log them too.
      const result = streamText({ ...call(request), onError: () => {} });
      let text = '';
      const toolCalls: ModelToolCall[] = [];
      let response: ModelResponse | undefined;
      for await (const part of result.fullStream) {
        switch (part.type) {
          case 'text-delta':
            text += part.text;
            yield { type: 'text-delta', delta: part.text };
            break;
          case 'tool-input-start':
            if (!part.providerExecuted) yield { type: 'tool-input-start', id: part.id, name: part.toolName };
            break;
          case 'tool-input-delta':
            yield { type: 'tool-input-delta', id: part.id, delta: part.delta };
            break;
          case 'tool-call': {
            if (part.providerExecuted) break;
            remember(part.toolCallId, part.providerMetadata);
            const toolCall = modelToolCallOf(part.toolCallId, part.toolName, part.input);
            toolCalls.push(toolCall);
            yield { type: 'tool-call', call: toolCall };
            break;
          }
          case 'finish':
            response = {
              text,
              toolCalls,
              finishReason: finishReasonOf(part.finishReason),
              usage: usageOf(part.totalUsage),
            };
            break;
          case 'error':
            throw part.error;
          case 'abort':
            throw request.signal?.reason ?? new DOMException('the model call was aborted', 'AbortError');
          default:
            break;
        }
      }
      yield {
        type: 'response-finish',
        response: response ?? { text, toolCalls, finishReason: 'other' },
      };
    },
  };
}

function usageOf(usage: LanguageModelUsage): ModelUsage {
  return {
    ...(usage.inputTokens !== undefined ? { inputTokens: usage.inputTokens } : {}),
    ...(usage.outputTokens !== undefined ? { outputTokens: usage.outputTokens } : {}),
  };
}
